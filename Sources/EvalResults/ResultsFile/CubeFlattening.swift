/// `cube` in C order (planes, then rows, then values), in one array allocated once: a nested
/// `flatMap` grows its array step by step, which for a corpus sweep's component cube
/// (hundreds of megabytes) cost seconds of copying and page faults. Writers of 3-D datasets
/// held as nested arrays use it.
func flattenedCube(_ cube: [[[Double]]]) -> [Double] {
    var flat: [Double] = []
    flat.reserveCapacity(cube.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } })
    for plane in cube { for row in plane { flat.append(contentsOf: row) } }
    return flat
}
