// SpatialEval module
