package workspace

import "time"

// Limits bounds what a workspace may hold and how much work building it may take. A zero field
// takes its default; every default is documented beside it. The configuration keys are the
// field names in snake case (the mapstructure tags), so viper can decode a "limits" section of
// vigil.yaml straight into this struct; git_timeout takes a duration such as "3m".
type Limits struct {
	// MaxFiles is the most source files (.sol, .rs) a workspace may hold. Default 20 000, enough
	// for a monorepo with its node_modules.
	MaxFiles int `mapstructure:"max_files" json:"max_files,omitempty"`
	// MaxEntries is the most entries (files of any kind) walked in a folder, listed in an archive
	// or a git tree. It stops a directory or archive with millions of entries before it costs
	// memory or time. Default 200 000.
	MaxEntries int `mapstructure:"max_entries" json:"max_entries,omitempty"`
	// MaxFileBytes is the largest single source file. The largest real Solidity files are a few
	// hundred KB (flattened contracts); default 4 MiB.
	MaxFileBytes int64 `mapstructure:"max_file_bytes" json:"max_file_bytes,omitempty"`
	// MaxTotalBytes is the most source bytes in one workspace, and the most bytes extracted from
	// one archive. Default 256 MiB.
	MaxTotalBytes int64 `mapstructure:"max_total_bytes" json:"max_total_bytes,omitempty"`
	// MaxArchiveBytes is the largest compressed upload (.zip or single file) accepted. Default
	// 64 MiB.
	MaxArchiveBytes int64 `mapstructure:"max_archive_bytes" json:"max_archive_bytes,omitempty"`
	// MaxRatio is the largest expansion (uncompressed / compressed) allowed for an archive entry
	// once it is past 1 MiB uncompressed; source code compresses 3 to 10 times, zip bombs by
	// thousands. Default 200.
	MaxRatio int64 `mapstructure:"max_ratio" json:"max_ratio,omitempty"`
	// MaxRepoBytes is the most bytes a git clone may download (the pack and reference
	// advertisement); the clone is aborted when it goes past. A depth-1 clone of a large contract
	// repository is a few tens of MB. Default 256 MiB.
	MaxRepoBytes int64 `mapstructure:"max_repo_bytes" json:"max_repo_bytes,omitempty"`
	// MaxPathDepth is the deepest folder nesting walked or extracted. Default 64.
	MaxPathDepth int `mapstructure:"max_path_depth" json:"max_path_depth,omitempty"`
	// GitTimeout bounds a whole clone and checkout. Default 3 minutes.
	GitTimeout time.Duration `mapstructure:"git_timeout" json:"git_timeout,omitempty"`
}

// DefaultLimits returns the limits used for zero fields.
func DefaultLimits() Limits {
	return Limits{
		MaxFiles:        20_000,
		MaxEntries:      200_000,
		MaxFileBytes:    4 << 20,
		MaxTotalBytes:   256 << 20,
		MaxArchiveBytes: 64 << 20,
		MaxRatio:        200,
		MaxRepoBytes:    256 << 20,
		MaxPathDepth:    64,
		GitTimeout:      3 * time.Minute,
	}
}

// withDefaults fills zero or negative fields from DefaultLimits.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	if l.MaxFiles <= 0 {
		l.MaxFiles = d.MaxFiles
	}
	if l.MaxEntries <= 0 {
		l.MaxEntries = d.MaxEntries
	}
	if l.MaxFileBytes <= 0 {
		l.MaxFileBytes = d.MaxFileBytes
	}
	if l.MaxTotalBytes <= 0 {
		l.MaxTotalBytes = d.MaxTotalBytes
	}
	if l.MaxArchiveBytes <= 0 {
		l.MaxArchiveBytes = d.MaxArchiveBytes
	}
	if l.MaxRatio <= 0 {
		l.MaxRatio = d.MaxRatio
	}
	if l.MaxRepoBytes <= 0 {
		l.MaxRepoBytes = d.MaxRepoBytes
	}
	if l.MaxPathDepth <= 0 {
		l.MaxPathDepth = d.MaxPathDepth
	}
	if l.GitTimeout <= 0 {
		l.GitTimeout = d.GitTimeout
	}
	return l
}
