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
    /// Detections dropped because their category is not listed.
    let droppedDetections: Int

    /// One non-empty cell.
    struct Cell {
        /// Index into `imageIds`.
        var image: Int
        /// Index into `categoryIds`.
        var category: Int
        /// Annotation indices, file order.
        var groundTruth: [Int]
        /// Detection indices, file order.
        var detections: [Int]
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
        let imageCount = imageIds.count

        // Cell key = category · images + image, so ascending keys are the accumulation order.
        func keys(_ items: [(imageId: Int, categoryId: Int)]) -> [Int] {
            items.map { item in
                guard let i = imageIndex[item.imageId], let k = categoryIndex[item.categoryId] else { return -1 }
                return k * imageCount + i
            }
        }
        let gtKeys = keys(groundTruth), dtKeys = keys(detections)
        droppedDetections = dtKeys.reduce(0) { $0 + ($1 < 0 ? 1 : 0) }
        var byKey: [Int: Int] = [:]
        var cells: [Cell] = []
        func cell(_ key: Int) -> Int {
            if let index = byKey[key] { return index }
            byKey[key] = cells.count
            cells.append(Cell(image: key % imageCount, category: key / imageCount, groundTruth: [], detections: []))
            return cells.count - 1
        }
        for (index, key) in gtKeys.enumerated() where key >= 0 { cells[cell(key)].groundTruth.append(index) }
        for (index, key) in dtKeys.enumerated() where key >= 0 { cells[cell(key)].detections.append(index) }
        self.cells = cells.sorted { ($0.category, $0.image) < ($1.category, $1.image) }
    }
}
