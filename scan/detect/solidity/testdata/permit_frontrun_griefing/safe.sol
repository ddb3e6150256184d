pragma solidity ^0.8.0;

interface IERC20Permit {
    function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external;
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function allowance(address owner, address spender) external view returns (uint256);
}

contract Pool {
    IERC20Permit public token;
    mapping(address => uint256) public deposits;

    // A front-run permit leaves the allowance in place; the catch lets the deposit go on.
    function depositWithPermit(uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external {
        try token.permit(msg.sender, address(this), amount, deadline, v, r, s) {} catch {}
        token.transferFrom(msg.sender, address(this), amount);
        deposits[msg.sender] += amount;
    }

    // Permit only when the allowance is short.
    function repayWithPermit(uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external {
        if (token.allowance(msg.sender, address(this)) < amount) {
            token.permit(msg.sender, address(this), amount, deadline, v, r, s);
        }
        token.transferFrom(msg.sender, address(this), amount);
        deposits[msg.sender] -= amount;
    }

    // A permit that nothing pulls after (the allowance is used by a later transaction).
    function approveBySig(uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external {
        token.permit(msg.sender, address(this), amount, deadline, v, r, s);
    }
}
