package upload

// Workers is how many photos are in flight at once, for the tests.
const Workers = workers
