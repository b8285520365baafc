import EvalResults

extension ReportDocument {
    /// The data header: the summary line, then the per-recording table.
    public mutating func dataHeader(_ recordings: [(name: String, data: RecordingData)]) {
        paragraph(DataStatement.summary(recordings.map(\.data)))
        table(DataStatement.table(recordings))
    }
}
