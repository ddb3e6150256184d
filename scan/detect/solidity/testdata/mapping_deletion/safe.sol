pragma solidity ^0.8.0;

contract Registry {
    struct Entry {
        address owner;
        uint256 value;
    }

    struct Round {
        uint256 total;
        mapping(address => uint256) stakes;
    }

    mapping(uint256 => Entry) public entries;
    mapping(uint256 => Round) internal rounds;
    mapping(uint256 => address[]) internal stakers;

    function remove(uint256 id) external {
        delete entries[id];
    }

    // Deleting one member, or one entry of the mapping, is what delete does well.
    function clearTotal(uint256 r) external {
        delete rounds[r].total;
    }

    function unstake(uint256 r) external {
        delete rounds[r].stakes[msg.sender];
    }

    // The entries are cleared by hand first.
    function closeRound(uint256 r) external {
        address[] storage list = stakers[r];
        for (uint256 i = 0; i < list.length; i++) {
            delete rounds[r].stakes[list[i]];
        }
        delete stakers[r];
        delete rounds[r];
    }
}

contract Pairs {
    struct Balance {
        uint256 cash;
        uint256 managed;
    }

    struct PairTokens {
        address tokenA;
        address tokenB;
        mapping(bytes32 => Balance) balances;
    }

    mapping(bytes32 => PairTokens) private pairs;

    function _balanceOf(bytes32 id, address a, address b) internal view returns (Balance storage) {
        return pairs[id].balances[keccak256(abi.encode(a, b))];
    }

    // The one entry the pair uses is cleared through the pointer the helper returns.
    function deregister(bytes32 id, address a, address b) external {
        Balance storage bal = _balanceOf(id, a, b);
        require(bal.cash == 0 && bal.managed == 0);
        delete pairs[id];
        delete bal.cash;
    }
}

contract Flags {
    struct Item {
        uint256 id;
        mapping(uint256 => bool) flags;
    }

    mapping(uint256 => Item) internal items;

    // The flags are cleared through a storage pointer to the item first.
    function remove(uint256 id) external {
        Item storage item = items[id];
        for (uint256 i = 0; i < 16; i++) {
            delete item.flags[i];
        }
        delete items[id];
    }
}
