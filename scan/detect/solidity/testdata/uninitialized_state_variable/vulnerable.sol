pragma solidity ^0.8.0;

contract FeeVault {
    address payable private treasury; // want "UNINITIALIZED_STATE_VARIABLE"
    address public admin; // want "UNINITIALIZED_STATE_VARIABLE"
    uint256 public feeBps; // want "UNINITIALIZED_STATE_VARIABLE"
    mapping(address => uint256) public balances;

    function deposit() external payable {
        uint256 fee = msg.value * feeBps / 10000;
        balances[msg.sender] += msg.value - fee;
        treasury.transfer(fee);
    }

    function sweep() external {
        require(msg.sender == admin, "admin");
        payable(msg.sender).transfer(address(this).balance);
    }
}

// The base is not in the sources; it cannot assign the derived contract's own variable.
contract Treasury is UnknownOwnable {
    address payable beneficiary; // want "UNINITIALIZED_STATE_VARIABLE"

    function release() external {
        beneficiary.transfer(address(this).balance);
    }
}

// Read, never filled: every lookup answers the default.
contract Gate {
    struct Limits {
        uint256 perTx;
        uint256 daily;
    }

    mapping(address => bool) private allowed; // want "UNINITIALIZED_STATE_VARIABLE"
    Limits private limits; // want "UNINITIALIZED_STATE_VARIABLE"
    address[] private signers; // want "UNINITIALIZED_STATE_VARIABLE"
    mapping(address => uint256) public spent;

    function spend(uint256 amount) external {
        require(allowed[msg.sender], "not allowed");
        require(amount <= limits.perTx, "too much");
        require(signers.length > 0, "no signers");
        spent[msg.sender] += amount;
    }
}
