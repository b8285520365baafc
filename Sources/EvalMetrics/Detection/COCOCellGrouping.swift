/// The (image, category) cells COCOeval works on: which ground-truth annotations and which
/// detections fall in each, in file order, for the sorted image and category lists
/// (`spec.md#coco-work-list`). Annotations and detections of unlisted categories are
/// dropped, as COCOeval drops them; annotations on unlisted images likewise.
struct COCOCellGrouping {
    /// Image ids, ascending.
    let imageIds: [Int]
    /// Category ids, ascending.
    let categoryIds: [Int]
    /// Cells with anything in them, ordered by category, then image (the accumulation order).
    let cells: [Cell]
    /// Annotation indices of every cell, cell after cell, file order within a cell.
    let groundTruthIndices: [Int]
    /// Detection indices of every cell, likewise.
    let detectionIndices: [Int]
    /// Detections dropped because their category is not listed.
    let droppedDetections: Int

    /// One non-empty cell.
    struct Cell {
        /// Index into `imageIds`.
        var image: Int
        /// Index into `categoryIds`.
        var category: Int
        /// Its annotations: a range of `groundTruthIndices`.
        var groundTruth: Range<Int>
        /// Its detections: a range of `detectionIndices`.
        var detections: Range<Int>
    }

    init(imageIds unsortedImages: [Int], categoryIds unsortedCategories: [Int],
         groundTruth: [(imageId: Int, categoryId: Int)], detections: [(imageId: Int, categoryId: Int)]) {
        imageIds = Array(Set(unsortedImages)).sorted()
        categoryIds = Array(Set(unsortedCategories)).sorted()
        var imageIndex: [Int: Int] = [:]
        imageIndex.reserveCapacity(imageIds.count)
        for (i, id) in imageIds.enumerated() { imageIndex[id] = i }
        var categoryIndex: [Int: Int] = [:]
        for (k, id) in categoryIds.enumerated() { categoryIndex[id] = k }
        let imageCount = imageIds.count, categoryCount = categoryIds.count

        // Cell key = category · images + image, so ascending keys are the accumulation order.
        func keys(_ items: [(imageId: Int, categoryId: Int)]) -> [Int] {
            items.map { item in
                guard let i = imageIndex[item.imageId], let k = categoryIndex[item.categoryId] else { return -1 }
                return k * imageCount + i
            }
        }
        let gtKeys = keys(groundTruth), dtKeys = keys(detections)
        droppedDetections = dtKeys.reduce(0) { $0 + ($1 < 0 ? 1 : 0) }
        let gtOrder = Self.cellOrder(gtKeys, imageCount: imageCount, categoryCount: categoryCount)
        let dtOrder = Self.cellOrder(dtKeys, imageCount: imageCount, categoryCount: categoryCount)
        // Both lists are in key order: walk them together, one cell per key present in either.
        var cells: [Cell] = []
        var g = 0, d = 0
        while g < gtOrder.count || d < dtOrder.count {
            let key = min(g < gtOrder.count ? gtKeys[gtOrder[g]] : Int.max, d < dtOrder.count ? dtKeys[dtOrder[d]] : Int.max)
            let gtStart = g, dtStart = d
            while g < gtOrder.count && gtKeys[gtOrder[g]] == key { g += 1 }
            while d < dtOrder.count && dtKeys[dtOrder[d]] == key { d += 1 }
            cells.append(Cell(image: key % imageCount, category: key / imageCount, groundTruth: gtStart..<g, detections: dtStart..<d))
        }
        self.cells = cells
        groundTruthIndices = gtOrder
        detectionIndices = dtOrder
    }

    /// The indices of the non-negative `keys`, stably ordered by key: a counting sort by
    /// image, then a stable one by category (no table of all the cells).
    private static func cellOrder(_ keys: [Int], imageCount: Int, categoryCount: Int) -> [Int] {
        func countingSort(_ indices: [Int], buckets: Int, _ bucket: (Int) -> Int) -> [Int] {
            var next = [Int](repeating: 0, count: buckets + 1)
            for index in indices { next[bucket(index) + 1] += 1 }
            for b in 0..<buckets { next[b + 1] += next[b] }
            var sorted = [Int](repeating: 0, count: indices.count)
            for index in indices {
                let b = bucket(index)
                sorted[next[b]] = index
                next[b] += 1
            }
            return sorted
        }
        let kept = keys.indices.filter { keys[$0] >= 0 }
        let byImage = countingSort(kept, buckets: imageCount) { keys[$0] % imageCount }
        return countingSort(byImage, buckets: categoryCount) { keys[$0] / imageCount }
    }
}
