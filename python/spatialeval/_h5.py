"""Low-level reading of the tool's HDF5 results files (shared by the layout readers).

Every error raised here is a :class:`ResultsFileError` naming the file and the object
(dataset, group or attribute) it concerns, e.g.
``results.h5: /gates/value: expected float64 data, found int64``.
"""

from __future__ import annotations

import os
from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

import h5py
import numpy as np
import pandas as pd

#: The root attributes every results file of the tool may carry as provenance.
PROVENANCE_ATTRIBUTES = (
    "tool", "tool_version", "git_commit", "created_utc", "layout", "protocol_name", "protocol_path",
    "protocol_sha256", "bootstrap_replicates", "bootstrap_seed", "bootstrap_confidence", "bootstrap_method",
    "convention", "minimum_events", "data_source", "verdict_rules", "replay_configuration", "run_report",
)


class ResultsFileError(ValueError):
    """A results file that cannot be read as the layout it claims (or is asked for).

    ``str(error)`` is ``"FILE: OBJECT: message"``; the parts are :attr:`file`,
    :attr:`object` (an HDF5 path such as ``/gates/value``, or ``""`` for the file itself)
    and :attr:`message`.
    """

    def __init__(self, file: str, obj: str, message: str) -> None:
        self.file = file
        self.object = obj
        self.message = message
        super().__init__(f"{file}: {obj}: {message}" if obj else f"{file}: {message}")


def text(value: Any) -> Any:
    """A stored string as ``str`` (h5py returns dataset strings as ``bytes``)."""
    if isinstance(value, bytes):
        return value.decode("utf-8")
    if isinstance(value, np.generic):
        return value.item()
    return value


class H5Reader:
    """An open results file with checked accessors; use as a context manager."""

    def __init__(self, path: str, layout: Union[None, str, Sequence[str]] = None) -> None:
        self.path = os.fspath(path)
        if not os.path.isfile(self.path):
            raise ResultsFileError(self.path, "", "does not exist or is not a file")
        try:
            self.file = h5py.File(self.path, "r")
        except OSError as error:
            raise ResultsFileError(self.path, "", f"cannot be opened as HDF5: {error}") from error
        if layout is not None:
            accepted = [layout] if isinstance(layout, str) else list(layout)
            found = text(self.file.attrs.get("layout"))
            if found not in accepted:
                self.file.close()
                expected = " or ".join(repr(a) for a in accepted)
                raise ResultsFileError(self.path, "/@layout", f"is {found!r}, expected {expected}")
        #: The file's layout tag (its root attribute ``layout``).
        self.layout = text(self.file.attrs.get("layout"))

    def __enter__(self) -> "H5Reader":
        return self

    def __exit__(self, *_: Any) -> None:
        self.file.close()

    # -- objects ---------------------------------------------------------------------------
    def group(self, path: str) -> h5py.Group:
        """The group at ``path``; an error naming it when missing or not a group."""
        obj = self.file.get(path)
        if obj is None:
            raise ResultsFileError(self.path, path, "required group is missing")
        if not isinstance(obj, h5py.Group):
            raise ResultsFileError(self.path, path, "is not a group")
        return obj

    def has(self, path: str) -> bool:
        """Whether an object exists at ``path``."""
        return path in self.file

    def children(self, path: str) -> List[str]:
        """The member names of the group at ``path``, in the file's (sorted) order."""
        return list(self.group(path).keys())

    def array(self, path: str, kind: Optional[str] = None) -> np.ndarray:
        """The dataset at ``path`` as a numpy array (strings decoded to ``str`` objects).

        ``kind`` checks the element type: ``"float"``, ``"int"``, ``"string"`` or ``"number"``.
        """
        obj = self.file.get(path)
        if obj is None:
            raise ResultsFileError(self.path, path, "required dataset is missing")
        if not isinstance(obj, h5py.Dataset):
            raise ResultsFileError(self.path, path, "is not a dataset")
        is_string = h5py.check_string_dtype(obj.dtype) is not None
        found = "string" if is_string else {"f": "float", "i": "int", "u": "int"}.get(obj.dtype.kind, str(obj.dtype))
        if kind is not None and not (found == kind or (kind == "number" and found in ("float", "int"))):
            raise ResultsFileError(self.path, path, f"expected {kind} data, found {obj.dtype}")
        if is_string:
            return np.asarray(obj.asstr()[()], dtype=object)
        return np.asarray(obj[()])

    def attribute(self, path: str, name: str, default: Any = ..., kind: Optional[str] = None) -> Any:
        """Attribute ``name`` of the object at ``path`` as a Python value.

        Without ``default`` a missing attribute is an error naming ``path@name``.
        """
        obj = self.file.get(path)
        if obj is None:
            raise ResultsFileError(self.path, path, "required object is missing")
        where = f"{path.rstrip('/')}/@{name}"
        if name not in obj.attrs:
            if default is ...:
                raise ResultsFileError(self.path, where, "required attribute is missing")
            return default
        value = text(obj.attrs[name])
        expected = {"string": str, "int": int, "float": float}.get(kind or "")
        if expected is not None and not isinstance(value, expected):
            raise ResultsFileError(self.path, where, f"expected a {kind} attribute, found {type(value).__name__}")
        return value

    def attributes(self, path: str = "/") -> Dict[str, Any]:
        """Every attribute of the object at ``path``, as Python values."""
        return {name: text(value) for name, value in self.group(path).attrs.items()}

    def table(self, path: str, columns: Optional[Sequence[str]] = None,
              kinds: Optional[Mapping[str, str]] = None) -> pd.DataFrame:
        """A column-oriented table (a group of 1-D datasets of one length) as a DataFrame.

        ``columns`` names the columns required, in order; the others follow in file order.
        ``kinds`` checks element types by column (``"float"``, ``"int"``, ``"string"``).
        Column attributes (``units``) go to ``df.attrs["units"]``.
        """
        kinds = dict(kinds or {})
        group = self.group(path)
        names = list(columns or [])
        names += [n for n in group.keys() if n not in names and isinstance(group[n], h5py.Dataset)]
        data: Dict[str, np.ndarray] = {}
        units: Dict[str, str] = {}
        length = None
        for name in names:
            child = f"{path.rstrip('/')}/{name}"
            values = self.array(child, kinds.get(name))
            if values.ndim != 1:
                raise ResultsFileError(self.path, child, f"has shape {list(values.shape)}, a table column must be 1-D")
            if length is None:
                length = len(values)
            elif len(values) != length:
                raise ResultsFileError(self.path, child, f"has length {len(values)}, the table's other columns {length}")
            data[name] = values
            if "units" in group[name].attrs:
                units[name] = text(group[name].attrs["units"])
        frame = pd.DataFrame(data)
        if units:
            frame.attrs["units"] = units
        return frame

    def provenance(self) -> Dict[str, Any]:
        """The file's provenance: its root attributes, ``inputs`` (path → SHA-256) and ``file``."""
        attrs = self.attributes("/")
        attrs = {k: attrs[k] for k in PROVENANCE_ATTRIBUTES if k in attrs}
        attrs["file"] = self.path
        if self.has("/provenance"):
            table = self.table("/provenance", ["path", "sha256"])
            attrs["inputs"] = dict(zip(table["path"], table["sha256"]))
        return attrs


def with_attrs(frame: pd.DataFrame, provenance: Mapping[str, Any], **extra: Any) -> pd.DataFrame:
    """``frame`` with the provenance (and ``extra`` entries) in ``frame.attrs``."""
    frame.attrs.update(dict(provenance))
    frame.attrs.update(extra)
    return frame
