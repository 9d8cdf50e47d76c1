package listing

// MaxBodyFile is the largest create or edit file, for the tests.
const MaxBodyFile = maxBodyFile
