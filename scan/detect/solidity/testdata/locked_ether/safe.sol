pragma solidity ^0.8.0;

contract Donations {
    address payable public owner;

    constructor() {
        owner = payable(msg.sender);
    }

    function donate() external payable {}

    function withdraw() external {
        require(msg.sender == owner);
        owner.transfer(address(this).balance);
    }
}

contract Base {
    function _pay(address to, uint256 amount) internal {
        (bool ok, ) = to.call{value: amount}("");
        require(ok);
    }
}

contract Shop is Base {
    address public owner;

    function buy() external payable {}

    function cashOut() external {
        require(msg.sender == owner);
        _pay(owner, address(this).balance);
    }
}

contract Proxy {
    address public implementation;

    fallback() external payable {
        address impl = implementation;
        assembly {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), impl, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok case 0 { revert(0, returndatasize()) } default { return(0, returndatasize()) }
        }
    }
}

contract NotPayable {
    uint256 public x;

    function set(uint256 v) external {
        x = v;
    }
}
