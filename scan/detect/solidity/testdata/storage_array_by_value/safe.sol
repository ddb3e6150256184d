pragma solidity ^0.8.0;

contract Stats {
    uint256[] public samples;
    uint256[3] public scores;

    // A storage parameter updates the caller's array.
    function _bump(uint256[3] storage s, uint256 i) internal {
        s[i] += 1;
    }

    // The copy is scratch space for a result: sorting it must not touch storage.
    function _median(uint256[] memory xs) internal pure returns (uint256) {
        for (uint256 i = 1; i < xs.length; i++) {
            uint256 key = xs[i];
            uint256 j = i;
            while (j > 0 && xs[j - 1] > key) {
                xs[j] = xs[j - 1];
                j--;
            }
            xs[j] = key;
        }
        return xs[xs.length / 2];
    }

    // Returns the updated copy, which the caller stores.
    function _withFirst(uint256[] memory xs, uint256 v) internal pure returns (uint256[] memory) {
        xs[0] = v;
        return xs;
    }

    // Reads only.
    function _sum(uint256[] memory xs) internal pure returns (uint256 s) {
        for (uint256 i = 0; i < xs.length; i++) {
            s += xs[i];
        }
    }

    function score(uint256 i) external {
        _bump(scores, i);
    }

    function median() external view returns (uint256) {
        return _median(samples);
    }

    function setFirst(uint256 v) external {
        samples = _withFirst(samples, v);
    }

    function sum() external view returns (uint256) {
        return _sum(samples);
    }
}
