pragma solidity ^0.4.9;

contract WalletLibrary {
    uint public m_required;
    uint public m_numOwners;
    uint public m_dailyLimit;
    uint[256] m_owners;
    mapping(uint => uint) m_ownerIndex;

    // Default visibility before 0.5 is public: anyone can re-run these.
    function initMultiowned(address[] _owners, uint _required) {  // want "UNPROTECTED_INITIALIZER"
        m_numOwners = _owners.length + 1;
        m_owners[1] = uint(msg.sender);
        m_ownerIndex[uint(msg.sender)] = 1;
        m_required = _required;
    }

    function initDaylimit(uint _limit) {  // want "UNPROTECTED_INITIALIZER"
        m_dailyLimit = _limit;
    }

    function underLimit(uint _value) internal returns (bool) {
        return _value <= m_dailyLimit;
    }

    function execute(address _to, uint _value) external {
        require(m_ownerIndex[uint(msg.sender)] > 0);
        if (underLimit(_value)) {
            _to.transfer(_value);
        }
    }

    function initWallet(address[] _owners, uint _required, uint _daylimit) {  // want "UNPROTECTED_INITIALIZER"
        initDaylimit(_daylimit);
        initMultiowned(_owners, _required);
    }
}

contract Wallet03 {
    address creator;

    function initWallet() public {  // want "UNPROTECTED_INITIALIZER"
        creator = msg.sender;
    }
}

contract Lottery {
    uint256 public ticketPrice;
    uint256 public pot;

    // Sets a parameter other functions check: anyone can change the price at any time.
    function init(uint256 price) public {  // want "UNPROTECTED_INITIALIZER"
        ticketPrice = price;
    }

    function buy() public payable {
        require(msg.value == ticketPrice);
        pot += msg.value;
    }
}
