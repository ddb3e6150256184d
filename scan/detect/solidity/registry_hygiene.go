package solidity

import "github.com/vigil-sec/vigil/scan/detect"

// hygieneDetectors lists the detectors of the hygiene family (see registry.go).
var hygieneDetectors = []*detect.Analyzer{}
