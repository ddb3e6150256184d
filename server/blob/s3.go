package blob

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/smithy-go"
)

// S3 keeps blobs as objects of an S3-compatible bucket: key a/b is the object <prefix>/a/b.
// A PUT becomes visible only once complete, so writes are atomic as they are; a large write is
// sent as a multipart upload, one part in memory at a time, and aborted if it fails.
type S3 struct {
	// PartSize is the bytes held in memory per part of a large write. Default 8 MiB; S3 wants
	// at least 5 MiB for every part but the last.
	PartSize int64

	client   *s3.Client
	presign  *s3.PresignClient
	bucket   string
	prefix   string // "" or ending in "/"
	endpoint string // custom endpoint, "" for AWS
	region   string
	// public is the endpoint clients reach the store at, when it is not endpoint (see
	// SetPublicEndpoint); "" when it is.
	public string
}

const defaultPartSize = 8 << 20

// OpenS3 opens s3://bucket/prefix. Credentials, region and endpoint come from the standard AWS
// configuration (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION, AWS_ENDPOINT_URL, the
// shared config files), overridden by opts. With a custom endpoint the store uses path-style
// addressing (endpoint/bucket/key), which every S3-compatible server understands. It checks
// that the bucket is reachable, so a wrong setting fails at start, not at the first upload.
func OpenS3(ctx context.Context, location string, opts ...func(*config.LoadOptions) error) (*S3, error) {
	u, err := url.Parse(location)
	if err != nil || u.Scheme != "s3" || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("blob store %q: want s3://bucket/prefix", redact(location))
	}
	prefix := strings.Trim(u.Path, "/")
	if prefix != "" {
		if err := checkKey(prefix); err != nil {
			return nil, fmt.Errorf("blob store %q: the prefix is not a clean path", location)
		}
		prefix += "/"
	}
	// Checksums only where S3 requires them: many S3-compatible servers know nothing of the
	// newer ones the SDK would otherwise add to every request.
	opts = append([]func(*config.LoadOptions) error{
		config.WithRequestChecksumCalculation(aws.RequestChecksumCalculationWhenRequired),
		config.WithResponseChecksumValidation(aws.ResponseChecksumValidationWhenRequired),
	}, opts...)
	cfg, err := config.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return nil, fmt.Errorf("blob store %s: AWS configuration: %w", location, err)
	}
	st := &S3{PartSize: defaultPartSize, bucket: u.Host, prefix: prefix}
	if cfg.BaseEndpoint != nil {
		st.endpoint = strings.TrimRight(*cfg.BaseEndpoint, "/")
		if cfg.Region == "" {
			cfg.Region = "us-east-1" // S3-compatible servers mostly ignore it, but SigV4 needs one
		}
	}
	if cfg.Region == "" {
		return nil, fmt.Errorf("blob store %s: no region: set AWS_REGION (or AWS_ENDPOINT_URL for an S3-compatible server)", location)
	}
	st.region = cfg.Region
	st.client = s3.NewFromConfig(cfg, func(o *s3.Options) {
		if o.BaseEndpoint != nil {
			o.UsePathStyle = true
			st.endpoint = strings.TrimRight(*o.BaseEndpoint, "/")
		}
	})
	st.presign = s3.NewPresignClient(st.client)
	if _, err := st.client.HeadBucket(ctx, &s3.HeadBucketInput{Bucket: &st.bucket}); err != nil {
		return nil, fmt.Errorf("blob store %s: bucket not reachable: %w", st, err)
	}
	return st, nil
}

// SetPublicEndpoint has pre-signed URLs point at endpoint, the store as clients reach it, when
// that differs from the address Vigil uses (a store in a private network behind a proxy or
// load balancer). The proxy must pass the Host header on unchanged: it is part of the
// signature.
func (s *S3) SetPublicEndpoint(endpoint string) error {
	u, err := url.Parse(endpoint)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return fmt.Errorf("blob store %s: the public endpoint must be an http(s) URL with a host and no query", s)
	}
	s.public = strings.TrimRight(endpoint, "/")
	s.presign = s3.NewPresignClient(s.client, func(o *s3.PresignOptions) {
		o.ClientOptions = append(o.ClientOptions, func(o *s3.Options) {
			o.BaseEndpoint = aws.String(s.public)
			o.UsePathStyle = true
		})
	})
	return nil
}

// String names the bucket, prefix and endpoint; never the credentials.
func (s *S3) String() string {
	name := "s3://" + s.bucket + "/" + strings.TrimSuffix(s.prefix, "/")
	if s.endpoint != "" {
		name += " at " + s.endpoint
	}
	return name
}

func (s *S3) object(key string) (*string, error) {
	if err := checkKey(key); err != nil {
		return nil, err
	}
	return aws.String(s.prefix + key), nil
}

func (s *S3) Put(ctx context.Context, key string, r io.Reader) error {
	return s.write(ctx, key, r, false)
}

func (s *S3) Create(ctx context.Context, key string, r io.Reader) error {
	return s.write(ctx, key, r, true)
}

// write sends r in one PUT when it fits in a part, else as a multipart upload. With only the
// object is created with If-None-Match: *, which S3 checks at completion: the first writer
// wins, the other gets ErrExists.
func (s *S3) write(ctx context.Context, key string, r io.Reader, onlyNew bool) error {
	obj, err := s.object(key)
	if err != nil {
		return err
	}
	var ifNoneMatch *string
	if onlyNew {
		ifNoneMatch = aws.String("*")
	}
	part := make([]byte, max(s.PartSize, 5<<20))
	n, err := io.ReadFull(r, part)
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		_, err = s.client.PutObject(ctx, &s3.PutObjectInput{Bucket: &s.bucket, Key: obj, Body: bytes.NewReader(part[:n]),
			ContentLength: aws.Int64(int64(n)), IfNoneMatch: ifNoneMatch})
		return s.failed("writing", key, err)
	} else if err != nil {
		return fmt.Errorf("blob: writing %s: %w", key, err)
	}
	mp, err := s.client.CreateMultipartUpload(ctx, &s3.CreateMultipartUploadInput{Bucket: &s.bucket, Key: obj})
	if err != nil {
		return s.failed("writing", key, err)
	}
	abort := func(err error) error {
		// The parts sent so far would otherwise be kept (and billed) until a lifecycle rule
		// removes them; abort even if ctx is over.
		actx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		defer cancel()
		s.client.AbortMultipartUpload(actx, &s3.AbortMultipartUploadInput{Bucket: &s.bucket, Key: obj, UploadId: mp.UploadId})
		return err
	}
	var parts []types.CompletedPart
	for num := int32(1); n > 0; num++ {
		up, err := s.client.UploadPart(ctx, &s3.UploadPartInput{Bucket: &s.bucket, Key: obj, UploadId: mp.UploadId,
			PartNumber: aws.Int32(num), Body: bytes.NewReader(part[:n]), ContentLength: aws.Int64(int64(n))})
		if err != nil {
			return abort(s.failed("writing", key, err))
		}
		parts = append(parts, types.CompletedPart{ETag: up.ETag, PartNumber: aws.Int32(num)})
		n, err = io.ReadFull(r, part)
		if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
			return abort(fmt.Errorf("blob: writing %s: %w", key, err))
		}
	}
	_, err = s.client.CompleteMultipartUpload(ctx, &s3.CompleteMultipartUploadInput{Bucket: &s.bucket, Key: obj, UploadId: mp.UploadId,
		MultipartUpload: &types.CompletedMultipartUpload{Parts: parts}, IfNoneMatch: ifNoneMatch})
	if err != nil {
		return abort(s.failed("writing", key, err))
	}
	return nil
}

func (s *S3) Open(ctx context.Context, key string) (io.ReadCloser, Info, error) {
	obj, err := s.object(key)
	if err != nil {
		return nil, Info{}, err
	}
	out, err := s.client.GetObject(ctx, &s3.GetObjectInput{Bucket: &s.bucket, Key: obj})
	if err != nil {
		return nil, Info{}, s.failed("reading", key, err)
	}
	return out.Body, Info{Key: key, Size: aws.ToInt64(out.ContentLength), Modified: aws.ToTime(out.LastModified)}, nil
}

func (s *S3) Stat(ctx context.Context, key string) (Info, error) {
	obj, err := s.object(key)
	if err != nil {
		return Info{}, err
	}
	out, err := s.client.HeadObject(ctx, &s3.HeadObjectInput{Bucket: &s.bucket, Key: obj})
	if err != nil {
		return Info{}, s.failed("reading", key, err)
	}
	return Info{Key: key, Size: aws.ToInt64(out.ContentLength), Modified: aws.ToTime(out.LastModified)}, nil
}

func (s *S3) Delete(ctx context.Context, key string) error {
	obj, err := s.object(key)
	if err != nil {
		return err
	}
	_, err = s.client.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: &s.bucket, Key: obj})
	if err = s.failed("deleting", key, err); errors.Is(err, ErrNotFound) {
		return nil
	}
	return err
}

// PresignPut signs a PUT of the object with the store's credentials: the client sends the file
// to the object store directly, never through Vigil.
func (s *S3) PresignPut(ctx context.Context, key string, expiry time.Duration) (string, error) {
	obj, err := s.object(key)
	if err != nil {
		return "", err
	}
	req, err := s.presign.PresignPutObject(ctx, &s3.PutObjectInput{Bucket: &s.bucket, Key: obj}, s3.WithPresignExpires(expiry))
	if err != nil {
		return "", s.failed("signing an upload URL of", key, err)
	}
	return req.URL, nil
}

// URL is the object's address as PresignPut's URLs spell it, without the signature.
func (s *S3) URL(key string) string {
	path := (&url.URL{Path: s.prefix + key}).EscapedPath()
	if s.public != "" {
		return s.public + "/" + url.PathEscape(s.bucket) + "/" + path
	}
	if s.endpoint != "" {
		return s.endpoint + "/" + url.PathEscape(s.bucket) + "/" + path
	}
	return "https://" + s.bucket + ".s3." + s.region + ".amazonaws.com/" + path
}

// failed names the operation and key, and maps S3's answers to the package's errors.
func (s *S3) failed(op, key string, err error) error {
	if err == nil {
		return nil
	}
	var apiErr smithy.APIError
	code := ""
	if errors.As(err, &apiErr) {
		code = apiErr.ErrorCode()
	}
	status := 0
	var re *awshttp.ResponseError
	if errors.As(err, &re) {
		status = re.HTTPStatusCode()
	}
	switch {
	case code == "NoSuchBucket":
		return fmt.Errorf("blob: %s %s: the bucket of %s does not exist: %w", op, key, s, err)
	case code == "NoSuchKey" || code == "NotFound" || status == 404:
		return fmt.Errorf("%w: %s", ErrNotFound, key)
	case code == "PreconditionFailed" || status == 412 || code == "ConditionalRequestConflict":
		// 409 ConditionalRequestConflict: a racing conditional write of the same key won.
		return fmt.Errorf("%w: %s", ErrExists, key)
	}
	return fmt.Errorf("blob: %s %s in %s: %w", op, key, s, err)
}
