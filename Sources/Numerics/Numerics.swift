// Numerics module
