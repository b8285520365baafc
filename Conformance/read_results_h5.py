#!/usr/bin/env python3
"""Check HDF5 results files against the schema, and score-mot's summary against its JSON.

Usage (h5py needed except for --check-schema; the TrackEval venv has it):
    read_results_h5.py RESULTS.h5 RESULTS.json [--check-out CHECK.json]
    read_results_h5.py --layout FILE.h5 [FILE.h5 ...]
    read_results_h5.py --check-schema

The layouts come from results_schema.json beside this script, the JSON dump of the Swift
`ResultsSchema` (a Swift test keeps the dump identical to the schema the writers use):
* every file is checked against the layout its root attribute `layout` names: required
  groups, datasets and attributes present, element types (float64, int64, string, number)
  and ranks as declared, fixed attribute values, and datasets that share an extent (the
  columns of one table) of one length. Members the schema does not declare are listed,
  not counted;
* a sweep.h5 (sweep/2, or sweep/1 of earlier versions) has its metric cubes derived from its
  component cube by the metric formulas (the file's /metric_formulas, or for sweep/1 the
  schema's `metric_formulas`) and compared bit for bit with the cubes it stores (every
  recording's in sweep/1, the pooled ones in both);
* with a score-mot file and its JSON, every scalar of the JSON (per sequence, nested "alpha"
  arrays excluded) must sit in the summary table at the same row (the comparer's rules:
  counts exact, floats to 1e-12 relative, NaN = NaN).
It prints the counts and, with --check-out, writes {"name", "compared", "differed"} for
compare.py --extra. Exit status 1 if anything differed.
--check-schema only checks that the names this script relies on are in the schema.
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import CONVENTIONS, decode_number, read_results, values_equal  # noqa: E402

SCHEMA_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'results_schema.json')
#: What the summary comparison reads: the score-mot layout's summary table and its row names.
SCORE_MOT = 'score-mot/1'
SUMMARY = 'summary'
ROW_NAMES = 'sequence'


def load_schema(path=SCHEMA_PATH):
    with open(path) as f:
        return {layout['tag']: layout for layout in json.load(f)['layouts']}


def load_formulas(path=SCHEMA_PATH):
    """The sweep metric formulas of the schema dump (how sweep.h5's metric cubes derive)."""
    with open(path) as f:
        return json.load(f)['metric_formulas']


def check_schema_names(schema):
    """The names this script reads, missing from the schema (empty when they agree)."""
    layout = schema.get(SCORE_MOT)
    if layout is None:
        return ['layout %s' % SCORE_MOT]
    summary = next((g for g in layout['root']['groups'] if g['name'] == SUMMARY), None)
    if summary is None:
        return ['group /%s of %s' % (SUMMARY, SCORE_MOT)]
    if not any(d['name'] == ROW_NAMES and d['element'] == 'string' for d in summary['datasets']):
        return ['string dataset /%s/%s of %s' % (SUMMARY, ROW_NAMES, SCORE_MOT)]
    return []


class LayoutChecker:
    """Walks a file against one layout as the Swift ResultsLayoutChecker does (not strict)."""

    def __init__(self, h5py, layout, schema):
        self.h5py = h5py
        self.layout = layout
        self.schema = schema
        self.scopes = []
        self.problems = []
        self.undeclared = []
        self.checked = 0

    def run(self, group):
        self.group(group, self.layout['root'])
        return self.problems

    def fail(self, path, message):
        self.problems.append('%s: %s' % (path, message))

    def element_ok(self, element, dtype):
        kind = dtype.kind
        is_string = kind in 'SUO' and self.h5py.check_string_dtype(dtype) is not None
        return {'float64': kind == 'f', 'int64': kind in 'iu', 'string': is_string,
                'number': kind in 'fiu'}[element]

    def attributes(self, obj, declared, path):
        for attribute in declared:
            self.checked += 1
            name = path + '@' + attribute['name']
            if attribute['name'] not in obj.attrs:
                if attribute['required']:
                    self.fail(name, 'required attribute is missing')
                continue
            value = obj.attrs[attribute['name']]
            dtype = self.h5py.h5a.open(obj.id, attribute['name'].encode()).dtype
            if not self.element_ok(attribute['element'], dtype):
                self.fail(name, 'holds %s, the schema declares %s' % (dtype, attribute['element']))
            if 'value' in attribute:
                text = value.decode() if isinstance(value, bytes) else str(value)
                if text != attribute['value']:
                    self.fail(name, "is '%s', not '%s'" % (text, attribute['value']))

    def bind(self, extent, lengths, path):
        for scope in reversed(self.scopes):
            if extent in scope['names']:
                if extent not in scope['bound']:
                    scope['bound'][extent] = (lengths, path)
                elif scope['bound'][extent][0] != lengths:
                    other = scope['bound'][extent]
                    self.fail(path, "has %s along '%s' but %s has %s: they must have one length"
                              % (lengths, extent, other[1], other[0]))
                return
        self.fail(path, "no extent '%s' declared above it" % extent)

    def dataset(self, dataset, declared, path):
        self.checked += 1
        if not self.element_ok(declared['element'], dataset.dtype):
            self.fail(path, 'holds %s, the schema declares %s' % (dataset.dtype, declared['element']))
        dims = declared['dimensions']
        variable = any('extents' in d for d in dims)
        rank = len(dataset.shape)
        if (rank < len(dims)) if variable else (rank != len(dims)):
            self.fail(path, 'has shape %s, the schema declares rank %s%d' % (list(dataset.shape), '>= ' if variable else '', len(dims)))
            return
        axis = 0
        for d in dims:
            count = rank - len(dims) + 1 if 'extents' in d else 1
            lengths = list(dataset.shape[axis:axis + count])
            axis += count
            if 'fixed' in d and lengths != [d['fixed']]:
                self.fail(path, 'has shape %s, the schema fixes %d' % (list(dataset.shape), d['fixed']))
            elif 'extent' in d or 'extents' in d:
                self.bind(d.get('extent', d.get('extents')), lengths, path)
        self.attributes(dataset, declared['attributes'], path)

    def group(self, group, declared):
        if 'datasets' not in declared:  # a nested layout, described by its own entry
            declared = self.schema[declared['layout']]['root']
        self.scopes.append({'names': set(declared['extents']), 'bound': {}})
        path = group.name
        self.attributes(group, declared['attributes'], path if path == '/' else path + '/')
        literal = {d['name'] for d in declared['datasets'] + declared['groups'] if not d['placeholder']}
        for kind, entries in (('dataset', declared['datasets']), ('group', declared['groups'])):
            for entry in entries:
                if entry['placeholder']:
                    continue
                self.checked += 1
                child = path.rstrip('/') + '/' + entry['name']
                if entry['name'] not in group:
                    if entry['required']:
                        self.fail(child, 'required %s is missing' % kind)
                    continue
                obj = group[entry['name']]
                is_group = isinstance(obj, self.h5py.Group)
                if is_group != (kind == 'group'):
                    self.fail(child, 'is not a %s' % kind)
                elif is_group:
                    self.group(obj, entry)
                else:
                    self.dataset(obj, entry, child)
        dataset_placeholder = next((d for d in declared['datasets'] if d['placeholder']), None)
        group_placeholder = next((g for g in declared['groups'] if g['placeholder']), None)
        for name in group:
            if name in literal:
                continue
            obj = group[name]
            if isinstance(obj, self.h5py.Group) and group_placeholder:
                self.group(obj, group_placeholder)
            elif isinstance(obj, self.h5py.Dataset) and dataset_placeholder:
                self.dataset(obj, dataset_placeholder, obj.name)
            else:
                self.undeclared.append(obj.name)
        self.scopes.pop()


def check_layout(h5py, h5, schema):
    """Problems of an open file against the layout it names; (checked, problems)."""
    tag = h5.attrs.get('layout')
    tag = tag.decode() if isinstance(tag, bytes) else tag
    if tag not in schema:
        return 1, ['/@layout: %r is not a layout of the schema (%s)' % (tag, ', '.join(schema))]
    checker = LayoutChecker(h5py, schema[tag], schema)
    problems = checker.run(h5)
    if checker.undeclared:
        print('  not in layout %s (not checked): %s' % (tag, ', '.join(checker.undeclared)))
    print('  layout %s: %d members and attributes checked, %d problems' % (tag, checker.checked, len(problems)))
    return checker.checked, problems


def as_text(v):
    return v.decode() if isinstance(v, bytes) else str(v)


#: The layouts of sweep.h5 whose metric cubes derive from the component cube.
SWEEP_LAYOUTS = ('sweep/2', 'sweep/1')


def formula_value(c, numerator, denominator, divisor):
    """A metric from summed components `c` (components on the last axis): the numerator, or
    numerator / (denominator / divisor) where that is positive and NaN elsewhere; each sum of
    (component index, subtracted) terms runs left to right from its first term."""
    import functools
    import numpy as np

    def signed_sum(terms):
        (first, negated), rest = terms[0], terms[1:]
        start = np.negative(c[..., first]) if negated else np.array(c[..., first])
        return functools.reduce(lambda total, term: (np.subtract if term[1] else np.add)(total, c[..., term[0]]), rest, start)

    value = signed_sum(numerator)
    if not denominator:
        return value
    d = np.divide(signed_sum(denominator), divisor) if divisor != 1 else signed_sum(denominator)
    # Divide only where the denominator is positive; NaN elsewhere (as the tool does).
    quotient = np.full(np.shape(d), np.nan)
    positive = d > 0
    quotient[positive] = value[positive] / d[positive]
    return quotient


def parse_terms(text, names):
    """(component index, subtracted) terms of a formula text such as `removals - missedRemovals`."""
    if text == '':
        return []
    tokens = text.split(' ')
    signs = [tokens[0].startswith('-')] + [op == '-' for op in tokens[1::2]]
    components = [tokens[0].lstrip('-')] + tokens[2::2]
    if len(tokens) % 2 == 0 or any(op not in ('+', '-') for op in tokens[1::2]) or any(n not in names for n in components):
        raise ValueError('not a formula of known components: %r' % text)
    return [(names.index(n), sign) for n, sign in zip(components, signs)]


def check_sweep_metrics(h5, tag, schema_formulas):
    """Derives every metric cube of a sweep.h5 from its component cube by the metric formulas
    (the file's `/metric_formulas` for sweep/2, the schema's for sweep/1, whose files were
    written with them) and compares them, bit for bit, with the cubes the file stores: every
    recording's and the pooled ones in sweep/1, the pooled ones in sweep/2. (compared, problems)."""
    import numpy as np
    if tag == 'sweep/2':
        table = h5['metric_formulas']
        formulas = [(as_text(m), as_text(n), as_text(d), float(v)) for m, n, d, v in
                    zip(table['metric'][()], table['numerator'][()], table['denominator'][()], table['divisor'][()])]
        stored = [(f['metric'], f['numerator'], f['denominator'], float(f['divisor'])) for f in schema_formulas]
        if formulas != stored:
            print('  note: /metric_formulas differs from the schema\'s formulas (a file of another version); derived by the file\'s')
    else:
        formulas = [(f['metric'], f['numerator'], f['denominator'], float(f['divisor'])) for f in schema_formulas]
    recordings = [as_text(v) for v in h5['recordings/name'][()]]
    compared, problems = 0, []
    for name in (as_text(v) for v in h5['sweep_names'][()]):
        g = h5['sweeps'][name]
        names = [as_text(v) for v in g['component_names'][()]]
        components = g['components'][()]
        pooled = np.zeros(components.shape[:-2] + components.shape[-1:])
        for r in range(components.shape[-2]):
            pooled = pooled + components[..., r, :]
        cubes = [('pooled', pooled)]
        if tag == 'sweep/1':
            cubes = [(rec, components[..., r, :]) for r, rec in enumerate(recordings)] + cubes
        for recording, c in cubes:
            for metric, numerator, denominator, divisor in formulas:
                where = '/sweeps/%s/metrics/%s/%s' % (name, recording, metric)
                try:
                    derived = formula_value(c, parse_terms(numerator, names), parse_terms(denominator, names), divisor)
                except ValueError as error:
                    problems.append('%s: %s' % (where, error))
                    continue
                if where not in h5:
                    problems.append('%s: no stored cube to compare the derived one with' % where)
                    continue
                want = np.asarray(h5[where][()], dtype=np.float64)
                compared += want.size
                if want.shape != derived.shape or not np.array_equal(want.view(np.uint64), derived.view(np.uint64)):
                    problems.append('%s: derived from the components, it differs from the stored cube' % where)
    print('  derived metric cubes (%s): %d values compared bit for bit, %d cubes differed' % (tag, compared, len(problems)))
    return compared, problems


def check(h5_path, json_path, schema):
    import h5py
    import numpy as np
    doc = read_results(json_path)
    int_keys = CONVENTIONS[doc.get('convention', 'trackeval')]['int_keys']
    with h5py.File(h5_path, 'r') as h5:
        print('HDF5 %s:' % h5_path)
        _, problems = check_layout(h5py, h5, schema)
        for problem in problems:
            print('  DIFF %s' % problem)
        if problems:
            return len(problems), len(problems)
        compared = differed = 0
        summary = h5[SUMMARY]
        rows = [as_text(v) for v in summary[ROW_NAMES][()]]
        print('  summary: %d rows %s, %d datasets' % (len(rows), rows, len(summary) - 1))
        columns = {name: summary[name][()] for name in summary if name != ROW_NAMES}
        for seq, res in doc['results'].items():
            for key, value in res.items():
                if isinstance(value, (dict, list)):
                    continue
                compared += 1
                if key not in columns or seq not in rows:
                    differed += 1
                    print('  DIFF %s %s: missing in the HDF5 summary' % (seq, key))
                    continue
                got = columns[key][rows.index(seq)]
                got = got.item() if isinstance(got, np.generic) else got
                want = decode_number(value)
                if not values_equal(got, want, key in int_keys):
                    differed += 1
                    print('  DIFF %s %s: hdf5=%r json=%r' % (seq, key, got, want))
        json_keys = {k for r in doc['results'].values() for k in r}
        extra = sorted(set(columns) - json_keys)
        if extra:
            print('  summary datasets not in the JSON (not checked): %s' % ', '.join(extra))
    return compared, differed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('files', nargs='*')
    ap.add_argument('--check-out')
    ap.add_argument('--layout', action='store_true', help='only check each file against its layout')
    ap.add_argument('--check-schema', action='store_true', help="check this script's names against the schema")
    ap.add_argument('--schema', default=SCHEMA_PATH)
    args = ap.parse_args()
    schema = load_schema(args.schema)
    if args.check_schema:
        missing = check_schema_names(schema)
        for name in missing:
            print('DIFF the schema has no %s, which this script reads' % name)
        print('schema names: %d missing' % len(missing))
        sys.exit(1 if missing else 0)
    if args.layout:
        import h5py
        failed = 0
        for path in args.files:
            print('HDF5 %s:' % path)
            with h5py.File(path, 'r') as h5:
                _, problems = check_layout(h5py, h5, schema)
                tag = as_text(h5.attrs.get('layout', ''))
                if not problems and tag in SWEEP_LAYOUTS:
                    problems += check_sweep_metrics(h5, tag, load_formulas(args.schema))[1]
            for problem in problems:
                print('  DIFF %s' % problem)
            failed += bool(problems)
        print('layout check: %d files, %d with problems' % (len(args.files), failed))
        sys.exit(1 if failed else 0)
    if len(args.files) != 2:
        ap.error('give RESULTS.h5 RESULTS.json')
    h5_path, json_path = args.files
    if not os.path.isfile(h5_path):
        print('DIFF %s does not exist' % h5_path)
        compared, differed = 1, 1
    else:
        try:
            compared, differed = check(h5_path, json_path, schema)
        except Exception as err:  # unreadable file or JSON: one failed check
            print('DIFF cannot check %s: %s: %s' % (h5_path, type(err).__name__, err))
            compared, differed = 1, 1
    print('hdf5 read-back: %d values compared, %d differed' % (compared, differed))
    if args.check_out:
        with open(args.check_out, 'w') as f:
            json.dump({'name': 'hdf5-summary', 'compared': compared, 'differed': differed}, f)
    sys.exit(1 if differed else 0)


if __name__ == '__main__':
    main()
