// Metrics module
