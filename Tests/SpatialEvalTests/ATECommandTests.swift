import Foundation
import EvalResults
import EvalJobs
import EvalReports
import EvalCommandLine
import TestSupport
import Testing

@Suite("ate command")
struct ATECommandTests {
    /// A reference along a curve and an estimate rotated, shifted and (for `scale`) scaled,
    /// with stamps 1 ms apart from the reference's.
    static func trajectories(in folder: TemporaryDirectory, scale: Double = 1) throws -> (ref: String, est: String) {
        var ref = "# timestamp tx ty tz qx qy qz qw\n", est = ""
        for i in 0..<30 {
            let t = Double(i) * 0.1
            let p = SIMD3(cos(t), sin(2 * t), 0.3 * t)
            ref += "\(1000 + t) \(p.x) \(p.y) \(p.z) 0 0 0 1\n"
            let q = SIMD3(-p.y, p.x, p.z) * scale + SIMD3(5, 0, -1)
            est += "\(1000.001 + t) \(q.x) \(q.y) \(q.z) 0 0 0 1\n"
        }
        return (try folder.write(ref, to: "ref.txt"), try folder.write(est, to: "est.txt"))
    }

    @Test("Alignment removes a rigid (se3) or similarity (sim3) offset; none keeps it")
    func alignments() throws {
        let folder = try TemporaryDirectory()
        let (ref, est) = try Self.trajectories(in: folder, scale: 2)
        func rmse(_ align: String) throws -> Double {
            let run = runTool(["ate", "--ref", ref, "--est", est, "--align", align, "--format", "json"])
            #expect(run.status == 0, "\(run.output.standardError)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(run.output.standardOutput.utf8)) as? [String: Any])
            #expect(json["pairs"] as? Int == 30)
            return try #require((json["statistics"] as? [String: Any])?["rmse"] as? Double)
        }
        #expect(try rmse("sim3") < 1e-12)
        #expect(try rmse("se3") > 0.1)
        #expect(try rmse("none") > 1)
        let table = runTool(["ate", "--ref", ref, "--est", est])
        #expect(table.status == 0 && table.output.standardOutput.contains("rmse"))
    }

    @Test("Usage mistakes exit 64", arguments: [
        ["ate"], ["ate", "--ref", "a.txt"], ["ate", "--ref", "a", "--est", "b", "--align", "affine"],
        ["ate", "--ref", "a", "--est", "b", "--max-diff", "-1"], ["ate", "--ref", "a", "--est", "b", "--offset", "x"],
        ["ate", "--ref", "a", "--est", "b", "--format", "xml"], ["ate", "--ref", "a", "--est", "b", "extra"],
    ])
    func usage(arguments: [String]) {
        let run = runTool(arguments)
        #expect(run.status == 64, "\(arguments): \(run.output.standardError)")
        #expect(run.output.standardError.hasPrefix("error: "))
    }

    @Test("Bad input exits 1 naming the file and line")
    func badInput() throws {
        let folder = try TemporaryDirectory()
        let (ref, est) = try Self.trajectories(in: folder)
        let broken = try folder.write("1 0 0 0 0 0 0 1\n2 0 0 zero 0 0 0 1\n", to: "broken.txt")
        var run = runTool(["ate", "--ref", ref, "--est", broken])
        #expect(run.status == 1)
        #expect(run.output.standardError.contains("\(broken):2:"))
        let backwards = try folder.write("2 0 0 0 0 0 0 1\n1 0 0 0 0 0 0 1\n", to: "backwards.txt")
        run = runTool(["ate", "--ref", backwards, "--est", est])
        #expect(run.status == 1 && run.output.standardError.contains("\(backwards):2:"))
        run = runTool(["ate", "--ref", ref, "--est", folder.file("missing.txt")])
        #expect(run.status == 1 && run.output.standardError.contains("missing.txt"))
        run = runTool(["ate", "--ref", ref, "--est", est, "--offset", "100"])
        #expect(run.status == 1 && run.output.standardError.contains("no matching timestamps"))
    }

    @Test("A repeated timestamp is accepted, as evo accepts it")
    func repeatedStamp() throws {
        let folder = try TemporaryDirectory()
        let ref = try folder.write("1 0 0 0 0 0 0 1\n1 0 0 0 0 0 0 1\n2 1 0 0 0 0 0 1\n", to: "ref.txt")
        let est = try folder.write("1 0 0 0 0 0 0 1\n2 1 0 0 0 0 0 1\n", to: "est.txt")
        let run = runTool(["ate", "--ref", ref, "--est", est, "--format", "json"])
        #expect(run.status == 0, "\(run.output.standardError)")
        #expect(run.output.standardOutput.contains("\"pairs\": 2"))
    }
}
