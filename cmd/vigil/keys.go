package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/viper"

	"github.com/vigil-sec/vigil/server/auth"
	"github.com/vigil-sec/vigil/server/store"
)

func newKeysCommand(v *viper.Viper) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "keys",
		Short: "Create, list and revoke API keys of the private HTTP API",
		Long: `API keys authenticate clients of "vigil serve": "Authorization: Bearer <key>" on /private/...
and "Authorization: Token <key>" on /api-tag-webhook/. Each key belongs to a client; a
client sees only its own projects and scans. Keys are stored as SHA-256 hashes in the
configured database (--database / VIGIL_DATABASE, else the data folder's SQLite file): a key is shown once, when created, and cannot be shown again.`,
	}
	cmd.PersistentFlags().String("data-dir", "vigil-data", "data folder of the server (VIGIL_DATA_DIR)")
	cmd.PersistentFlags().String("database", "", "postgres:// URL of the server's database (VIGIL_DATABASE; default: the SQLite file in the data folder)")

	create := &cobra.Command{
		Use:   "create --name NAME [--client ID]",
		Short: "Create a key (for a new client, or for an existing one with --client) and print it once",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			bindUnderscored(v, cmd.Flags())
			return withStore(cmd, v, func(ctx context.Context, st store.Store) error {
				key, rec, err := auth.Create(ctx, st, v.GetString("name"), v.GetInt64("client"))
				if errors.Is(err, store.ErrNotFound) {
					return usageError("client %d does not exist (see vigil keys list)", v.GetInt64("client"))
				} else if err != nil {
					return usageError("%v", err)
				}
				if q, r := v.GetInt("max_queued"), v.GetInt("max_running"); q > 0 || r > 0 {
					if err := st.SetKeyQuota(ctx, rec.ID, q, r); err != nil {
						return err
					}
				}
				fmt.Fprintf(cmd.ErrOrStderr(), "created key %d %q for client %d; it is shown only now:\n", rec.ID, rec.Name, rec.ClientID)
				fmt.Fprintln(cmd.OutOrStdout(), key)
				return nil
			})
		},
	}
	create.Flags().String("name", "", "name of the key (and of the new client)")
	create.Flags().Int64("client", 0, "add the key to this existing client id")
	addQuotaFlags(create)

	list := &cobra.Command{
		Use:   "list [--json]",
		Short: "List keys (id, client, name, first characters, created, revoked)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			bindUnderscored(v, cmd.Flags())
			return withStore(cmd, v, func(ctx context.Context, st store.Store) error {
				keys, err := st.ListKeys(ctx)
				if err != nil {
					return err
				}
				out := cmd.OutOrStdout()
				if v.GetBool("json") {
					type row struct {
						ID        int64  `json:"id"`
						ClientID  int64  `json:"client_id"`
						Name      string `json:"name"`
						Prefix    string `json:"prefix"`
						CreatedAt string `json:"created_at"`
						RevokedAt string `json:"revoked_at,omitempty"`
						// 0: the server's default share.
						MaxQueued  int `json:"max_queued"`
						MaxRunning int `json:"max_running"`
					}
					rows := []row{}
					for _, k := range keys {
						rows = append(rows, row{k.ID, k.ClientID, k.Name, k.Prefix, stamp(k.CreatedAt), stamp(k.RevokedAt), k.MaxQueued, k.MaxRunning})
					}
					enc := json.NewEncoder(out)
					enc.SetIndent("", "  ")
					return enc.Encode(rows)
				}
				fmt.Fprintf(out, "%-5s %-7s %-24s %-12s %-20s %-20s %s\n", "ID", "CLIENT", "NAME", "KEY", "CREATED", "REVOKED", "QUOTA (QUEUED/RUNNING)")
				for _, k := range keys {
					fmt.Fprintf(out, "%-5d %-7d %-24s %-12s %-20s %-20s %s/%s\n", k.ID, k.ClientID, k.Name, k.Prefix+"…", stamp(k.CreatedAt),
						stamp(k.RevokedAt), quotaText(k.MaxQueued), quotaText(k.MaxRunning))
				}
				return nil
			})
		},
	}
	list.Flags().Bool("json", false, "print JSON")

	revoke := &cobra.Command{
		Use:   "revoke ID",
		Short: "Revoke a key: its requests get 401 from then on; its dashboard sessions, live streams and upload URLs end",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			bindUnderscored(v, cmd.Flags())
			id, err := keyID(args[0])
			if err != nil {
				return err
			}
			return withStore(cmd, v, func(ctx context.Context, st store.Store) error {
				if err := st.RevokeKey(ctx, id, time.Now().UTC()); errors.Is(err, store.ErrNotFound) {
					return usageError("no key with id %d", id)
				} else if err != nil {
					return err
				}
				fmt.Fprintf(cmd.ErrOrStderr(), "revoked key %d\n", id)
				return nil
			})
		},
	}
	quota := &cobra.Command{
		Use:   "quota ID [--max-queued N] [--max-running N]",
		Short: "Set a key's share of the scan queue and of the workers (0: the server's default)",
		Long: `A key's scans may have at most --max-queued waiting (more get 429 with Retry-After) and at most
--max-running running or next in the job queue at once, across the deployment (its other scans
wait their turn, so other keys' scans do not wait behind them). 0 uses the server's
--client-queue and --client-workers. Applies to scans queued from then on.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			bindUnderscored(v, cmd.Flags())
			id, err := keyID(args[0])
			if err != nil {
				return err
			}
			q, r := v.GetInt("max_queued"), v.GetInt("max_running")
			if q < 0 || r < 0 {
				return usageError("--max-queued and --max-running must be 0 (the default) or more")
			}
			return withStore(cmd, v, func(ctx context.Context, st store.Store) error {
				if err := st.SetKeyQuota(ctx, id, q, r); errors.Is(err, store.ErrNotFound) {
					return usageError("no key with id %d", id)
				} else if err != nil {
					return err
				}
				fmt.Fprintf(cmd.ErrOrStderr(), "key %d: at most %s queued, %s running\n", id, quotaText(q), quotaText(r))
				return nil
			})
		},
	}
	addQuotaFlags(quota)
	cmd.AddCommand(create, list, revoke, quota)
	return cmd
}

// addQuotaFlags adds a key's shares of the queue and of the workers.
func addQuotaFlags(cmd *cobra.Command) {
	cmd.Flags().Int("max-queued", 0, "scans of the key that may wait in the queue (0: the server's --client-queue)")
	cmd.Flags().Int("max-running", 0, "scans of the key running or next at once (0: the server's --client-workers)")
}

// keyID reads a key id argument.
func keyID(arg string) (int64, error) {
	id, err := strconv.ParseInt(arg, 10, 64)
	if err != nil {
		return 0, usageError("key id %q is not a number (see vigil keys list)", arg)
	}
	return id, nil
}

// quotaText is a share as keys list shows it.
func quotaText(n int) string {
	if n <= 0 {
		return "default"
	}
	return strconv.Itoa(n)
}

// withStore opens the configured database for one command: PostgreSQL when --database (or
// VIGIL_DATABASE) is a postgres:// URL, else the data folder's SQLite file. It works beside
// running servers: SQLite in WAL mode lets both in, writes wait for each other.
func withStore(cmd *cobra.Command, v *viper.Viper, fn func(context.Context, store.Store) error) error {
	ctx := cmd.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	st, err := store.OpenDatabase(ctx, v.GetString("database"), v.GetString("data_dir"))
	if err != nil {
		return usageError("%v", err)
	}
	defer st.Close()
	return fn(ctx, st)
}

func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}
