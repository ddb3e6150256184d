pragma solidity ^0.4.24;

contract Wallet {
    uint public m_numOwners;
    mapping(uint => uint) m_ownerIndex;

    modifier only_uninitialized { if (m_numOwners > 0) revert(); _; }
    modifier onlyowner { if (m_ownerIndex[uint(msg.sender)] > 0) _; }

    // The constructor initializes the instance: nobody can claim it later.
    constructor() public {
        initWallet();
    }

    function initWallet() public only_uninitialized {
        m_numOwners = 1;
        m_ownerIndex[uint(msg.sender)] = 1;
    }

    function kill(address _to) onlyowner external {
        selfdestruct(_to);
    }
}

contract NoKill {
    uint public m_numOwners;

    modifier only_uninitialized { if (m_numOwners > 0) revert(); _; }

    function initWallet() public only_uninitialized {
        m_numOwners = 1;
    }
}
