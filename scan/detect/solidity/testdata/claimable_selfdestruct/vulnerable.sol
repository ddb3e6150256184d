pragma solidity ^0.4.9;

contract WalletLibrary {
    uint public m_numOwners;
    uint public m_required;
    mapping(uint => uint) m_ownerIndex;

    modifier only_uninitialized { if (m_numOwners > 0) throw; _; }
    modifier onlyowner { if (m_ownerIndex[uint(msg.sender)] > 0) _; }

    function initWallet(address[] _owners, uint _required) only_uninitialized {
        m_numOwners = _owners.length + 1;
        m_ownerIndex[uint(msg.sender)] = 1;
        m_required = _required;
    }

    function kill(address _to) onlyowner external {  // want "CLAIMABLE_SELFDESTRUCT"
        suicide(_to);
    }
}
