pragma solidity ^0.8.0;

interface IERC20 {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

interface IUSDT {
    function transfer(address to, uint256 amount) external;
}

library SafeERC20 {
    function safeTransfer(IERC20 token, address to, uint256 amount) internal {
        (bool ok, bytes memory data) = address(token).call(abi.encodeWithSelector(token.transfer.selector, to, amount));
        require(ok && (data.length == 0 || abi.decode(data, (bool))), "transfer failed");
    }
}

contract Vault {
    using SafeERC20 for IERC20;

    IERC20 public token;
    IUSDT public usdt;
    mapping(address => uint256) public deposits;

    function deposit(uint256 amount) external {
        require(token.transferFrom(msg.sender, address(this), amount), "failed");
        deposits[msg.sender] += amount;
    }

    function withdraw(uint256 amount) external {
        deposits[msg.sender] -= amount;
        token.safeTransfer(msg.sender, amount);
    }

    function withdrawChecked(uint256 amount) external {
        bool ok = token.transfer(msg.sender, amount);
        require(ok);
    }

    function payUsdt(address to, uint256 amount) external {
        usdt.transfer(to, amount);
    }

    function tryPay(address to, uint256 amount) external {
        try token.transfer(to, amount) returns (bool ok) {
            require(ok);
        } catch {}
    }

    function payEth(address payable to) external {
        to.transfer(1);
    }
}
