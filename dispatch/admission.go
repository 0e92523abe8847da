package dispatch

import (
	"context"
	"fmt"

	"github.com/toolplane/toolplane/selector"
)

// Policy admits calls by label selectors, deny by default: a call is
// admitted when some Allow selector matches its labels and no Deny
// selector does. An empty Allow list admits nothing. Labels are the
// call's label set (capability labels plus source, namespace, pkg/server
// and name).
type Policy struct {
	Allow []selector.Selector
	Deny  []selector.Selector
}

// Admits reports whether labels pass the policy and, if not, why.
func (p Policy) Admits(labels map[string]string) (bool, string) {
	for _, d := range p.Deny {
		if d.Matches(labels) {
			return false, fmt.Sprintf("matched deny selector %q", d.String())
		}
	}
	for _, a := range p.Allow {
		if a.Matches(labels) {
			return true, ""
		}
	}
	if len(p.Allow) == 0 {
		return false, "no allow selector is configured (deny by default)"
	}
	return false, "matched no allow selector"
}

// Admission returns a middleware that refuses, before anything runs, every
// call its policy does not admit. policyFor picks the policy of a call
// (per token subject, say); returning false refuses the call.
func Admission(policyFor func(ctx context.Context, call *Call) (Policy, bool)) Middleware {
	return func(next Handler) Handler {
		return func(ctx context.Context, call *Call) (*Result, error) {
			p, ok := policyFor(ctx, call)
			if !ok {
				return nil, Deny(call, "no admission policy for this caller")
			}
			if ok, _ := p.Admits(call.Labels); !ok {
				// Which selector refused it stays out of the message: it
				// would tell a caller the shape of a policy (and of the
				// capabilities) it may not see.
				subject := call.Subject
				if subject == "" {
					subject = "this caller"
				}
				return nil, Deny(call, fmt.Sprintf("not admitted for %s", subject))
			}
			return next(ctx, call)
		}
	}
}
