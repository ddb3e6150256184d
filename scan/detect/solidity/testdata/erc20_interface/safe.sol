pragma solidity ^0.8.0;

// A conforming token: public getters count as the standard's view functions.
contract GoodToken {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint256 public totalSupply;

    function transfer(address to, uint256 value) external returns (bool) {
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool ok) {
        allowance[msg.sender][spender] = value;
        ok = true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        allowance[from][msg.sender] -= value;
        balanceOf[from] -= value;
        balanceOf[to] += value;
        return true;
    }
}

// How integrators call a token that returns nothing: an interface, not a token.
interface IUSDTLike {
    function transfer(address to, uint256 value) external;
    function balanceOf(address who) external view returns (uint256);
    function approve(address spender, uint256 value) external;
}

// An NFT: ERC-721's transferFrom and approve return nothing by design.
contract Collectible {
    mapping(uint256 => address) public ownerOf;
    mapping(address => uint256) public balanceOf;
    mapping(uint256 => address) public getApproved;

    function approve(address to, uint256 id) external {
        getApproved[id] = to;
    }

    function transferFrom(address from, address to, uint256 id) external {
        require(ownerOf[id] == from);
        ownerOf[id] = to;
        balanceOf[from]--;
        balanceOf[to]++;
    }
}

// Not a token: a forwarder whose transfer moves ether and that keeps no balances.
contract Forwarder {
    function transfer(address to, uint256 value) external {
        payable(to).transfer(value);
    }
}

// An abstract helper nobody deploys as it is.
abstract contract PartialToken {
    mapping(address => uint256) public balanceOf;

    function transfer(address to, uint256 value) public virtual;

    function approve(address spender, uint256 value) public virtual;
}
