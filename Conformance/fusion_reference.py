"""Reference implementations for the depth-fusion conformance check, written on numpy,
scipy and scikit-learn (the tools a user would reach for), plus a PNG reader.

Every fit here follows Docs/depth-fusion-variants.md: pairs are filtered first (mask set,
confidence >= 2, or >= 1 for confidence-weighted, 0.1 <= z <= 8 m, finite inverse depth d),
then fitted with the named tool. Nothing here is ported from spatial-eval.
"""

import numpy as np
from scipy.optimize import least_squares
from sklearn.linear_model import LinearRegression, RANSACRegressor

MIN_DEPTH, MAX_DEPTH, FLOOR, MIN_PAIRS = 0.1, 8.0, 0.125, 8
WEIGHTS = np.array([0.0, 0.5, 1.0])


from png16 import read_png16  # noqa: E402  (shared with Data/error-models/derive.py)
def filtered(depth, inv, conf, mask, min_conf=2):
    ok = (mask == 1) & (conf >= min_conf) & (depth >= MIN_DEPTH) & (depth <= MAX_DEPTH) & np.isfinite(inv)
    return depth[ok], inv[ok], conf[ok]


def lstsq_line(x, y, w=None):
    """numpy.linalg.lstsq of y on [x 1] (rows scaled by sqrt(w)); (s, t, condition)."""
    sw = np.ones_like(x) if w is None else np.sqrt(w)
    a = np.column_stack([x * sw, sw])
    (s, t), _, _, sv = np.linalg.lstsq(a, y * sw, rcond=None)
    return s, t, sv[0] / sv[-1]


def metrics(z, g):
    """The depth metrics of Docs/depth-fusion-variants.md written directly in numpy."""
    e = np.log(z) - np.log(g)
    ratio = np.maximum(z / g, g / z)
    return {
        "abs_rel": np.mean(np.abs(z - g) / g), "sq_rel": np.mean((z - g) ** 2 / g),
        "rmse": np.sqrt(np.mean((z - g) ** 2)), "rmse_log": np.sqrt(np.mean(e ** 2)),
        "log10": np.mean(np.abs(np.log10(z) - np.log10(g))),
        "delta1": np.mean(ratio < 1.25), "delta2": np.mean(ratio < 1.25 ** 2), "delta3": np.mean(ratio < 1.25 ** 3),
        "silog_dav2": np.sqrt(np.mean(e ** 2) - 0.5 * np.mean(e) ** 2),
        "silog_kitti": 100 * np.sqrt(np.mean(e ** 2) - np.mean(e) ** 2),
    }


def inverse_model(s, t, d):
    return 1 / np.maximum(s * d + t, FLOOR)


def depth_model(s, t, d):
    return np.clip(s / d + t, MIN_DEPTH, 1 / FLOOR)


def reference_fits(depth, inv, conf, mask, huber_delta=0.01, ransac_seed=0):
    """Per variant: dict of scale, shift, depth (box), inliers, condition (when defined),
    metrics (of the fused depth of every filtered pair against the depth column), and
    'tolerance' ('exact' or 'sampling')."""
    z, d, c = filtered(depth, inv, conf, mask)
    y = 1 / z
    out = {"lidar-median": {"depth": np.median(z), "tolerance": "exact"}}
    if len(z) < MIN_PAIRS:
        return out
    s, t, cond = lstsq_line(d, y)
    out["affine-inverse"] = fit_entry(s, t, inverse_model(s, t, d), z, len(z), cond)
    sigma = np.sqrt(np.mean((y - (s * d + t)) ** 2))
    keep = np.abs(y - (s * d + t)) <= 2 * sigma
    s2, t2, cond2 = lstsq_line(d[keep], y[keep])
    out["affine-inverse-2sigma"] = fit_entry(s2, t2, inverse_model(s2, t2, d), z, int(keep.sum()), cond2, keep)
    pos = d > 0
    sd, td, condd = lstsq_line(1 / d[pos], z[pos])
    out["affine-depth"] = fit_entry(sd, td, depth_model(sd, td, d[pos]), z[pos], int(pos.sum()), condd)
    scale = np.median(z[pos]) / np.median(1 / d[pos])
    out["scale-only-median"] = fit_entry(scale, 0.0, depth_model(scale, 0.0, d[pos]), z[pos], int(pos.sum()), None)
    hs, ht = huber_irls(d, y, s, t, huber_delta)
    out["huber"] = fit_entry(hs, ht, inverse_model(hs, ht, d), z, int((np.abs(y - (hs * d + ht)) <= huber_delta).sum()), None)
    h = least_squares(lambda p: p[0] * d + p[1] - y, x0=[s, t], loss="huber", f_scale=huber_delta,
                      ftol=1e-15, xtol=1e-15, gtol=1e-15, max_nfev=10000)
    out["huber"]["scipy"] = {"scale": h.x[0], "shift": h.x[1], "objective": huber_objective(d, y, h.x[0], h.x[1], huber_delta),
                             "x_scale": float(np.mean(np.abs(d)))}
    r = RANSACRegressor(LinearRegression(), random_state=ransac_seed).fit(d[:, None], y)
    rs, rt = r.estimator_.coef_[0], r.estimator_.intercept_
    entry = fit_entry(rs, rt, inverse_model(rs, rt, d), z, int(r.inlier_mask_.sum()), None, r.inlier_mask_)
    entry["tolerance"] = "sampling"
    entry["x_scale"] = float(np.mean(np.abs(d)))
    out["ransac"] = entry
    zw, dw, cw = filtered(depth, inv, conf, mask, min_conf=1)
    yw, w = 1 / zw, WEIGHTS[cw]
    if len(zw) >= MIN_PAIRS:
        s1, t1, _ = lstsq_line(dw, yw, w)
        rw = yw - (s1 * dw + t1)
        sigma_w = np.sqrt(np.sum(w * rw ** 2) / np.sum(w))
        keep_w = np.abs(rw) <= 2 * sigma_w
        s3, t3, cond3 = lstsq_line(dw[keep_w], yw[keep_w], w[keep_w])
        out["confidence-weighted"] = fit_entry(s3, t3, inverse_model(s3, t3, dw), zw, int(keep_w.sum()), cond3, keep_w)
    return out


def huber_irls(x, y, s, t, delta, iterations=500):
    """Huber's M-estimate by IRLS in numpy (w = 1 for |r| <= delta, delta/|r| beyond),
    iterated until the coefficients stop changing: the definition of
    Docs/spec.md#fusion-variant-huber, taken to machine precision (scipy's least_squares stops near 1e-9)."""
    for _ in range(iterations):
        r = np.abs(y - (s * x + t))
        w = np.where(r <= delta, 1.0, delta / np.maximum(r, 1e-300))
        s_next, t_next, _ = lstsq_line(x, y, w)
        if s_next == s and t_next == t:
            break
        s, t = s_next, t_next
    return s, t


def huber_objective(x, y, s, t, delta):
    """sum of scipy.special.huber(delta, r)."""
    from scipy.special import huber
    return float(np.sum(huber(delta, y - (s * x + t))))


def fit_entry(s, t, fused_all, z_all, inliers, condition, keep=None):
    box = np.median(fused_all if keep is None else fused_all[keep])
    return {"scale": s, "shift": t, "depth": box, "inliers": inliers, "condition": condition,
            "metrics": metrics(fused_all, z_all), "tolerance": "exact"}
