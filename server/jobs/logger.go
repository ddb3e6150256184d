package jobs

import (
	"context"
	"log/slog"
)

// warnings passes on a handler's warnings and errors only: the queue library reports its
// routine at info level, which would drown the server's own logs.
type warnings struct{ slog.Handler }

func (w warnings) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= slog.LevelWarn && w.Handler.Enabled(ctx, l)
}

func (w warnings) WithAttrs(attrs []slog.Attr) slog.Handler {
	return warnings{w.Handler.WithAttrs(attrs)}
}

func (w warnings) WithGroup(name string) slog.Handler { return warnings{w.Handler.WithGroup(name)} }

// quiet is log with warnings and errors only (nil stays nil: River's default).
func quiet(log *slog.Logger) *slog.Logger {
	if log == nil {
		return nil
	}
	return slog.New(warnings{log.Handler()})
}
