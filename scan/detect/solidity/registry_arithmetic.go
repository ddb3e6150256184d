package solidity

import "github.com/vigil-sec/vigil/scan/detect"

// arithmeticDetectors lists the detectors of the arithmetic family (see registry.go).
var arithmeticDetectors = []*detect.Analyzer{}
