package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/listings-tui/listings/api/client/media"
)

// Error codes of the spec's error table.
const (
	CodeMissingBearerToken  = "missing_bearer_token"
	CodeInvalidKey          = "invalid_key"
	CodeKeySuspended        = "key_suspended"
	CodeKeyRevoked          = "key_revoked"
	CodeWhitelistIncomplete = "whitelist_incomplete"
	CodeIPNotWhitelisted    = "ip_not_whitelisted"
	CodeScopeRequired       = "scope_required"
	CodeDuplicate           = "duplicate"
	CodeRateLimitExceeded   = "rate_limit_exceeded"
	CodeDailyLimitExceeded  = "daily_limit_exceeded"
)

// Error codes the spec leaves "not shown" and the sandbox fixes (docs/sandbox.md).
const (
	CodeInvalidJSON            = "invalid_json"
	CodeInvalidParameter       = "invalid_parameter"
	CodeNotFound               = "not_found"
	CodeListingNotFound        = "listing_not_found"
	CodeCategoryNotFound       = "category_not_found"
	CodeMethodNotAllowed       = "method_not_allowed"
	CodePayloadTooLarge        = "payload_too_large"
	CodeUnsupportedMediaType   = "unsupported_media_type"
	CodeUnsupportedImageFormat = "unsupported_image_format"
	CodeUnsupportedVideoFormat = "unsupported_video_format"
	CodeRequired               = "required"
	CodeTooShort               = "too_short"
	CodeTooLong                = "too_long"
	CodeInvalidValue           = "invalid_value"
	CodeCategoryNotLeaf        = "category_not_leaf"
	CodeCityNotFound           = "city_not_found"
	CodeTooManyPhotos          = "too_many_photos"
	CodePhotosWMMismatch       = "photos_wm_mismatch"
	CodeAttributeRequired      = "attribute_required"
	CodeAttributeInvalid       = "attribute_invalid"
	CodeUnknownAttribute       = "unknown_attribute"
	CodeVideoTooLong           = "video_too_long"
	CodeStatusChangeForbidden  = "status_change_forbidden"
	CodeNotEditable            = "not_editable"
	CodeNoCategoryMatch        = "no_category_match"
	CodeInternalError          = "internal_error"
)

// CodeBadResponse is the client's own code for an answer that is not the spec's JSON:
// an HTML page from a proxy, an empty or truncated body, JSON without an error code, or
// a redirect. The Hint says which.
const CodeBadResponse = "bad_response"

// Error is an error answer of the service, or a request the client refused to send
// (Status 0) because the budget or a local rule already knew the answer.
type Error struct {
	Status int    // HTTP status; 0 when nothing was sent
	Code   string // machine code, one of the Code constants or a new one kept as it came
	Hint   string // human-readable text

	Field             string        // the body or query field at fault, when named
	Errors            []FieldError  // every failure of a body, when listed
	RetryAfter        time.Duration // 429: how long to wait
	ResetsAt          time.Time     // 429: when the window or the day resets (Europe/Kyiv)
	YourIP            string        // ip_not_whitelisted: the address the service saw
	Scope             string        // scope_required: the scope the key lacks
	ExistingListingID int           // duplicate: the listing it duplicates

	Extra map[string]json.RawMessage // every other field of the error body

	Method, Path string // the request, without the query
}

// FieldError is one failure of a request body.
type FieldError struct {
	Field string `json:"field"`
	Code  string `json:"error"`
	Hint  string `json:"hint"`
}

// Message is the refusal's text without the field's name: a service that starts its
// hint with the field ("attributes.breed: Breed is required") would otherwise have it
// named twice by a caller that shows the field beside the message. The code stands in
// for an empty hint.
func (fe FieldError) Message() string {
	hint := strings.TrimSpace(fe.Hint)
	if f := strings.TrimSpace(fe.Field); f != "" {
		for _, sep := range []string{": ", " - ", " "} {
			if rest, ok := strings.CutPrefix(hint, f+sep); ok {
				hint = strings.TrimSpace(rest)
				break
			}
		}
	}
	if hint == "" {
		return fe.Code
	}
	return hint
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Code)
	if e.Hint != "" {
		b.WriteString(": ")
		b.WriteString(e.Hint)
	}
	if e.Status == 0 {
		b.WriteString(" (not sent)")
	} else {
		fmt.Fprintf(&b, " (HTTP %d)", e.Status)
	}
	return b.String()
}

// AsError returns the *Error inside err, if any.
func AsError(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// IsCode reports whether err is an *Error with the given code.
func IsCode(err error, code string) bool {
	e, ok := AsError(err)
	return ok && e.Code == code
}

// IsAuth reports whether the key itself cannot be used: a 401, or a suspended, revoked
// or not whitelisted key. A missing scope is not included (see IsScope): the key still
// works for what its scopes allow.
func IsAuth(err error) bool {
	e, ok := AsError(err)
	if !ok {
		return false
	}
	switch e.Code {
	case CodeMissingBearerToken, CodeInvalidKey, CodeKeySuspended, CodeKeyRevoked,
		CodeWhitelistIncomplete, CodeIPNotWhitelisted:
		return true
	}
	return e.Status == http.StatusUnauthorized
}

// IsScope reports whether the key lacks the scope of the operation.
func IsScope(err error) bool { return IsCode(err, CodeScopeRequired) }

// IsRateLimit reports whether err is a per-minute or per-day limit refusal, from the
// service or from the client's own budget.
func IsRateLimit(err error) bool {
	e, ok := AsError(err)
	if !ok {
		return false
	}
	return e.Code == CodeRateLimitExceeded || e.Code == CodeDailyLimitExceeded ||
		e.Status == http.StatusTooManyRequests
}

// IsDailyLimit reports whether the day's budget is spent; it resets at ResetsAt.
func IsDailyLimit(err error) bool { return IsCode(err, CodeDailyLimitExceeded) }

// IsNotFound reports whether the service answered 404 (an unknown listing, category or
// path).
func IsNotFound(err error) bool {
	e, ok := AsError(err)
	return ok && (e.Status == http.StatusNotFound || e.Code == CodeListingNotFound)
}

// IsValidation reports whether the service refused a body or parameter by its rules
// (400 or 422).
func IsValidation(err error) bool {
	e, ok := AsError(err)
	return ok && (e.Status == http.StatusBadRequest || e.Status == http.StatusUnprocessableEntity ||
		(e.Status == 0 && e.Code == CodeInvalidParameter))
}

// UnreachableError means no answer came from the service: DNS, connection, TLS or a
// timeout. Nothing is known about whether the service acted on the request.
type UnreachableError struct {
	URL string // the base URL
	Err error
}

func (e *UnreachableError) Error() string {
	return fmt.Sprintf("the service at %s is unreachable (%v); check the network connection, "+
		"the base URL and any proxy or firewall", e.URL, e.Err)
}

func (e *UnreachableError) Unwrap() error { return e.Err }

// IsUnreachable reports whether no answer came from the service.
func IsUnreachable(err error) bool {
	var u *UnreachableError
	return errors.As(err, &u)
}

// Rules a local file check can break; FileError.Rule holds one.
const (
	RuleUnreadable = "unreadable"
	RuleFormat     = "format"
	RuleSize       = "size"
	RuleDuration   = "duration"
	RuleDimensions = "dimensions"
	RuleCodec      = "codec" // a video coded other than in H.264 or H.265
	// RuleMetadata is a photo whose location and camera data cannot be removed
	// before it is sent (see UploadPhoto); it goes only as it is, when asked.
	RuleMetadata = "metadata"
)

// FileError is a file refused before any request was spent; its message names the file
// and the rule, e.g. "photo.heic: 14.2 MB is over the 12 MB limit".
type FileError struct {
	Path   string
	Rule   string
	Detail string
	Err    error
	// Case names the message a front end can say in its language, with the values
	// it needs ("" when there is none: Detail is said as it is): FileOver* with Size
	// and Limit, FileNot* with Seen.
	Case        string
	Size, Limit int64
	Seen        media.Format
}

// The cases of a FileError that a front end says in its own words.
const (
	FileOverHEIC   = "over_heic"   // a HEIC photo over the limit: it cannot be shrunk here
	FileOverDecode = "over_decode" // a photo over the limit, too large to decode here (Err says why)
	FileOverShrunk = "over_shrunk" // a photo still over the limit after shrinking
	FileOverVideo  = "over_video"  // a video over its limit
	FileNotPhoto   = "not_photo"   // not a JPG, PNG, WebP or HEIC image by content
	FileNotVideo   = "not_video"   // not an MP4, MOV or WebM video by content
)

func (e *FileError) Error() string { return baseName(e.Path) + ": " + e.Detail }

func (e *FileError) Unwrap() error { return e.Err }

// IsFileRule reports whether err is a FileError for rule (one of the Rule constants).
func IsFileRule(err error, rule string) bool {
	var f *FileError
	return errors.As(err, &f) && f.Rule == rule
}
