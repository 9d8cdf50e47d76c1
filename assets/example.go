package assets

import "embed"

// Example holds example/capture3d.html and example/example.js: a page that loads the 3D
// capture widget from the API's base URL and posts its frames to `listings proxy`, which
// serves it at / with --example.
//
//go:embed example
var Example embed.FS
