pragma solidity ^0.8.0;

library AddrSet {
    struct Set {
        address[] values;
        mapping(address => uint256) index;
    }

    function add(Set storage s, address a) internal returns (bool) {
        if (s.index[a] != 0) return false;
        s.values.push(a);
        s.index[a] = s.values.length;
        return true;
    }

    function remove(Set storage s, address a) internal returns (bool) {
        uint256 i = s.index[a];
        if (i == 0) return false;
        address last = s.values[s.values.length - 1];
        s.values[i - 1] = last;
        s.index[last] = i;
        s.values.pop();
        delete s.index[a];
        return true;
    }

    function length(Set storage s) internal view returns (uint256) {
        return s.values.length;
    }

    function at(Set storage s, uint256 i) internal view returns (address) {
        return s.values[i];
    }
}
