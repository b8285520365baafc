/// What COCO scoring overlaps: boxes or segmentation masks.
public enum COCOIoUType: String, CaseIterable, Sendable {
    /// Box IoU (`bbox`).
    case bbox
    /// Mask IoU (`segm`): polygons rasterised, RLE as given.
    case segm
}
