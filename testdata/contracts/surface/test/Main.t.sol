// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Killable} from "@lite/Killable.sol";

// Test code inherits the dependency too; test code is not reported.
contract KillableHarness is Killable {}
