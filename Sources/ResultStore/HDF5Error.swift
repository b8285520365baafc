/// An error reported by the HDF5 library, with the library's error stack.
///
/// The stack is captured immediately after the failing call (all HDF5 calls are
/// serialized), so it always belongs to that call. HDF5's own printing to stderr
/// is disabled; this value is the only report of the failure.
public struct HDF5Error: Error, CustomStringConvertible, Sendable, Equatable {
    /// One entry of the HDF5 error stack.
    public struct Frame: Sendable, Equatable {
        /// The HDF5 C function that pushed this entry, e.g. `H5Fopen`.
        public var function: String
        /// The entry's message, e.g. `unable to open file`.
        public var description: String
        /// Text of the major error class, e.g. `File accessibility`.
        public var major: String
        /// Text of the minor error class, e.g. `Unable to open file`.
        public var minor: String

        /// Creates a frame from its parts.
        public init(function: String, description: String, major: String, minor: String) {
            self.function = function
            self.description = description
            self.major = major
            self.minor = minor
        }
    }

    /// What ResultStore was doing, e.g. `open file` or `write dataset`.
    public var operation: String
    /// The file involved, followed by `:` and the HDF5 object path when there is one.
    public var path: String
    /// The HDF5 error stack from the API call (first) to the innermost cause (last).
    public var frames: [Frame]

    /// Creates an error from its parts.
    public init(operation: String, path: String, frames: [Frame]) {
        self.operation = operation
        self.path = path
        self.frames = frames
    }

    /// `"<operation> on <path>: <top function>(): <top message>; <innermost message>"`.
    public var description: String {
        let head = "\(operation) on \(path)"
        guard let top = frames.first else { return "\(head): HDF5 call failed (no error stack)" }
        var text = "\(head): \(top.function)(): \(top.description)"
        if frames.count > 1, let innermost = frames.last {
            text += "; \(innermost.description)"
        }
        return text
    }
}
