package solidity

import "github.com/vigil-sec/vigil/scan/detect"

// accessDetectors lists the detectors of the access family (see registry.go).
var accessDetectors = []*detect.Analyzer{}
