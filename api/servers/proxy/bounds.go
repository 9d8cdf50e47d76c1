package proxy

import "time"

// Bounds on what callers can make the proxy hold or spend. The proxy holds an API key,
// so whoever reaches it spends the key's request budget and the proxy's memory and
// connections: every one of them is bounded here, each with its reason, and listed in
// docs/api.md under "Bounds". Defaults are the Default* values; Options may lower or
// raise them (tests use short deadlines).
const (
	// DefaultMaxConcurrent bounds the frames being forwarded to the service at once
	// (its "places"). A place is taken only once a frame has been read whole, so a slow
	// caller never holds one; four keeps the key's per-minute budget for the rest of the
	// integrator's work while two widgets upload (the widget sends two frames at a time).
	DefaultMaxConcurrent = 4

	// DefaultTimeout bounds a frame's time in the proxy once it has been read: the wait
	// for a place, for the key's request budget, the upload and the service's answer.
	// 30 s is under the 60 s that nginx (proxy_read_timeout) and most gateways in front
	// of a server wait, so a caller behind one gets the proxy's own 504 rather than the
	// gateway's, and a service that hangs holds a caller for 30 s, not minutes. A whole
	// 12 MiB frame uploads in it at 3.5 Mbit/s.
	DefaultTimeout = 30 * time.Second

	// DefaultBodyTimeout bounds the read of one request's body: 12 MiB at 100 KiB/s. The
	// widget's frames (JPEG, at most 1600 px) are a few hundred KB, so a phone on a poor
	// connection sends one in seconds; a caller that trickles is cut off after it.
	DefaultBodyTimeout = 2 * time.Minute

	// DefaultMaxBuffered bounds the memory of the frames held at once, whole or arriving,
	// across all callers: ten whole 12 MiB frames, or hundreds of the widget's. A frame's
	// memory is reserved as its bytes arrive (bufferChunk at a time), so callers that
	// trickle hold almost none of it and one that would exceed it waits for it.
	DefaultMaxBuffered = 128 << 20

	// bufferChunk is the step in which a frame's memory is reserved: small enough that a
	// caller who sent a few bytes holds little, large enough that a 12 MiB frame takes
	// 192 steps.
	bufferChunk = 64 << 10

	// DefaultMaxConns bounds the connections open at once, idle or busy; further ones are
	// answered 503 and closed at once rather than held. 128 file descriptors are nothing
	// for the process, and ten times what two browsers (six each) and a gateway's pool
	// open.
	DefaultMaxConns = 128

	// DefaultMaxConnsPerIP bounds the connections open at once from one address, so one
	// caller cannot take all of DefaultMaxConns. A gateway in front of the proxy (one
	// address for all its users) keeps a pool of a few; browsers open six per host.
	DefaultMaxConnsPerIP = 32

	// ReadHeaderTimeout bounds the wait for a request's headers: a connection that sends
	// headers slowly, or none, is closed after it. Real clients send them in one packet.
	ReadHeaderTimeout = 10 * time.Second

	// IdleTimeout closes a kept-alive connection that sends no next request, so idle
	// browsers do not keep places under DefaultMaxConns; reopening one costs a handshake.
	IdleTimeout = 30 * time.Second

	// MaxHeaderBytes bounds a request's headers. The widget sends a dozen small headers;
	// 64 KiB leaves room for a site's cookies when the proxy is behind its origin (nginx
	// accepts 8 KiB per header line by default).
	MaxHeaderBytes = 64 << 10

	// writeSlack is the time left to write the answer once it is known: the service's
	// answer is small, so this only guards a caller that stops reading.
	writeSlack = 30 * time.Second

	// MinTokenLen and MaxTokenLen bound the caller token: at least 16 characters (80 bits
	// of a random base32 token, beyond guessing through a proxy that answers each guess
	// over the network), at most 128 so it fits a path.
	MinTokenLen = 16
	MaxTokenLen = 128

	// Lengths of what the network sends that reach the log and the proxy's hints: enough
	// to recognise a path or an origin, too little to flood the log.
	maxLogPath   = 80
	maxLogOrigin = 100
	maxLogDetail = 300

	// maxFilename bounds the part's file name passed on; the service needs none of it.
	maxFilename = 100

	// bodySlack is what a request may carry beyond the file: boundaries, part headers and
	// small fields, as the service allows (docs/sandbox.md).
	bodySlack = 1 << 20
)
