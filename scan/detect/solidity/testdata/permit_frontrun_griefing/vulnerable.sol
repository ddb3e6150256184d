pragma solidity ^0.8.0;

interface IERC20Permit {
    function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external;
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

contract Pool {
    IERC20Permit public token;
    mapping(address => uint256) public deposits;

    function depositWithPermit(uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external {
        token.permit(msg.sender, address(this), amount, deadline, v, r, s); // want "PERMIT_FRONTRUN_GRIEFING"
        token.transferFrom(msg.sender, address(this), amount);
        deposits[msg.sender] += amount;
    }

    function repayWithPermit(uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external {
        (bool ok, ) = address(token).call( // want "PERMIT_FRONTRUN_GRIEFING"
            abi.encodeWithSelector(IERC20Permit.permit.selector, msg.sender, address(this), amount, deadline, v, r, s)
        );
        require(ok, "permit failed");
        require(token.transferFrom(msg.sender, address(this), amount));
        deposits[msg.sender] -= amount;
    }
}
