/// The SQL schema of recording files; `Docs/recording-format.md` documents every column.
enum RecordingSchema {
    /// The newest version this code writes, stored in `PRAGMA user_version`.
    static let currentVersion: Int64 = 2
    /// Versions this code reads.
    static let supportedVersions: [Int64] = [1, 2]
    /// The version a recording is written as: 2 when it holds app decisions (the tables of
    /// `decisionStatements`), else 1, so files without decisions stay readable by
    /// version-1 readers and byte-identical to what they were.
    static func version(for recording: Recording) -> Int64 {
        recording.decisions.isEmpty ? 1 : 2
    }

    /// Creates every table of version 1 (run inside the writing transaction).
    static let createStatements = """
        CREATE TABLE meta (
            key   TEXT PRIMARY KEY NOT NULL,
            value TEXT NOT NULL
        );
        CREATE TABLE frames (
            frame        INTEGER PRIMARY KEY,
            t            REAL NOT NULL,
            tracking     TEXT NOT NULL CHECK (tracking IN ('normal', 'limited', 'not_available')),
            detector_ran INTEGER NOT NULL CHECK (detector_ran IN (0, 1)),
            pose         BLOB NOT NULL CHECK (length(pose) = 128),
            fx REAL NOT NULL, fy REAL NOT NULL, cx REAL NOT NULL, cy REAL NOT NULL,
            width  INTEGER NOT NULL,
            height INTEGER NOT NULL
        );
        CREATE TABLE gt_objects (
            object      INTEGER PRIMARY KEY,
            label       TEXT NOT NULL,
            extent_x REAL NOT NULL, extent_y REAL NOT NULL, extent_z REAL NOT NULL,
            is_person   INTEGER NOT NULL CHECK (is_person IN (0, 1)),
            twin_group  INTEGER,
            description TEXT
        );
        CREATE TABLE detections (
            id        INTEGER PRIMARY KEY,
            frame     INTEGER NOT NULL REFERENCES frames (frame),
            label     TEXT NOT NULL,
            score     REAL NOT NULL,
            x REAL NOT NULL, y REAL NOT NULL, w REAL NOT NULL, h REAL NOT NULL,
            embedding BLOB CHECK (embedding IS NULL OR length(embedding) % 4 = 0),
            track_id  INTEGER,
            instance_id TEXT
        );
        CREATE INDEX detections_by_frame ON detections (frame);
        CREATE TABLE depth_grids (
            detection        INTEGER PRIMARY KEY REFERENCES detections (id),
            rows             INTEGER NOT NULL,
            cols             INTEGER NOT NULL,
            u                BLOB NOT NULL,
            v                BLOB NOT NULL,
            lidar_depth      BLOB NOT NULL,
            lidar_confidence BLOB NOT NULL,
            inverse_depth    BLOB NOT NULL,
            in_mask          BLOB NOT NULL,
            gt_depth         BLOB
        );
        CREATE TABLE observations (
            id       INTEGER PRIMARY KEY,
            frame    INTEGER NOT NULL REFERENCES frames (frame),
            instance TEXT NOT NULL,
            kind     TEXT NOT NULL,
            raw_x REAL NOT NULL, raw_y REAL NOT NULL, raw_z REAL NOT NULL,
            before_x REAL, before_y REAL, before_z REAL,
            after_x REAL NOT NULL, after_y REAL NOT NULL, after_z REAL NOT NULL,
            extent_x REAL, extent_y REAL, extent_z REAL
        );
        CREATE TABLE gt_placements (
            id     INTEGER PRIMARY KEY,
            object INTEGER NOT NULL REFERENCES gt_objects (object),
            from_t REAL NOT NULL,
            to_t   REAL,
            x REAL NOT NULL, y REAL NOT NULL, z REAL NOT NULL
        );
        CREATE TABLE gt_boxes (
            id         INTEGER PRIMARY KEY,
            frame      INTEGER NOT NULL REFERENCES frames (frame),
            object     INTEGER NOT NULL REFERENCES gt_objects (object),
            x REAL NOT NULL, y REAL NOT NULL, w REAL NOT NULL, h REAL NOT NULL,
            visibility REAL NOT NULL
        );
        CREATE INDEX gt_boxes_by_frame ON gt_boxes (frame);
        CREATE TABLE lidar_maps (
            frame      INTEGER PRIMARY KEY REFERENCES frames (frame),
            rows       INTEGER NOT NULL,
            cols       INTEGER NOT NULL,
            depth      BLOB NOT NULL,
            confidence BLOB NOT NULL
        );
        CREATE TABLE guidance_requests (
            id         INTEGER PRIMARY KEY,
            from_frame INTEGER NOT NULL REFERENCES frames (frame),
            to_frame   INTEGER NOT NULL REFERENCES frames (frame),
            object     INTEGER NOT NULL REFERENCES gt_objects (object)
        );
        CREATE TABLE depth_network_passes (
            detection     INTEGER NOT NULL REFERENCES depth_grids (detection),
            variant       TEXT NOT NULL,
            inverse_depth BLOB NOT NULL,
            PRIMARY KEY (detection, variant)
        );
        """
    /// The tables version 2 adds: the decisions the app logged (`AppDecision`) and the
    /// evidence samples behind its missing flips.
    static let decisionStatements = """
        CREATE TABLE app_decisions (
            id        INTEGER PRIMARY KEY,
            frame     INTEGER NOT NULL REFERENCES frames (frame),
            t         REAL NOT NULL,
            kind      TEXT NOT NULL CHECK (kind IN ('instance', 'anchor_update', 'absence_look', 'missing_flip',
                                                    'lock_on', 'arrival', 'guidance_start', 'guidance_end')),
            instance  TEXT NOT NULL,
            detection INTEGER REFERENCES detections (id),
            label     TEXT,
            rule      TEXT,
            x REAL, y REAL, z REAL,
            gap       REAL,
            clamped   INTEGER CHECK (clamped IN (0, 1)),
            snapped   INTEGER CHECK (snapped IN (0, 1)),
            followed  INTEGER CHECK (followed IN (0, 1)),
            look      TEXT,
            reason    TEXT,
            samples   INTEGER,
            missing   INTEGER CHECK (missing IN (0, 1)),
            state     TEXT
        );
        CREATE INDEX app_decisions_by_frame ON app_decisions (frame);
        CREATE TABLE app_decision_evidence (
            decision INTEGER NOT NULL REFERENCES app_decisions (id),
            sample   INTEGER NOT NULL,
            frame    INTEGER NOT NULL REFERENCES frames (frame),
            t        REAL NOT NULL,
            look     TEXT NOT NULL CHECK (look IN ('absent', 'covered', 'reanchor')),
            PRIMARY KEY (decision, sample)
        );
        """
    /// The ground-truth marks made while capturing (`CaptureMark`), created only when a
    /// recording holds marks, so files without them stay byte for byte what they were.
    /// Readers that do not know the table ignore it; the placements, twin groups and guidance
    /// requests the marks imply are in the version-1 tables. `frame`, `object` and `twin_of`
    /// are kept as marked (no foreign keys): a mark naming an unknown object is a
    /// contradiction `inspect` reports, not a reason to lose the mark.
    static let markStatements = """
        CREATE TABLE gt_marks (
            id          INTEGER PRIMARY KEY,
            t           REAL NOT NULL,
            frame       INTEGER,
            object      INTEGER,
            mark        TEXT NOT NULL CHECK (mark IN ('placed', 'removed', 'moved', 'twin', 'step_start', 'step_stop')),
            x REAL, y REAL, z REAL,
            error_bound REAL,
            twin_of     INTEGER,
            step        TEXT,
            note        TEXT,
            placement   INTEGER REFERENCES gt_placements (id)
        );
        """
    /// Tables added to version 1 after its first release; files written before lack them
    /// and read as empty.
    static let optionalTables = ["lidar_maps", "guidance_requests", "depth_network_passes", "gt_marks"]
}
