// ResultStore module
