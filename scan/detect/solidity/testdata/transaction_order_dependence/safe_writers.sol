pragma solidity ^0.8.0;

// Payments that read shared state whose writers do not pick its value: an initializer that
// runs once, bookkeeping updated by what each caller pays in, and each caller's own entry.
contract Bonds {
    bool private initialized;
    uint256 public refundShare;
    uint256 public pot;
    mapping(address => mapping(uint256 => uint256)) public bonds;

    function initialize(uint256 share) external {
        require(!initialized, "init");
        initialized = true;
        refundShare = share;
    }

    // The pot grows by what each caller pays: a later payment adjusts it, it does not choose it.
    function fund() external payable {
        pot += msg.value;
    }

    function post(uint256 id) external payable {
        bonds[msg.sender][id] = msg.value;
    }

    function settle(address payable to) external {
        uint256 amount = pot * refundShare / 100;
        pot -= amount;
        to.transfer(amount);
    }

    function slash(address owner, uint256 id) external {
        uint256 amount = bonds[owner][id];
        bonds[owner][id] = 0;
        payable(msg.sender).transfer(amount);
    }
}
