pragma solidity ^0.8.0;
import "@openzeppelin/contracts/utils/structs/EnumerableSet.sol";
import "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";

interface IERC20 {
    function balanceOf(address) external view returns (uint256);
}

contract Pull {
    mapping(address => uint256) public credit;
    IERC20 public token;

    function withdraw() external {
        uint256 amount = credit[msg.sender];
        credit[msg.sender] = 0;
        payable(msg.sender).transfer(amount);
    }

    function total(address[] calldata who) external view returns (uint256 sum) {
        for (uint256 i = 0; i < who.length; i++) {
            sum += token.balanceOf(who[i]);
        }
    }

    function credits(address[] calldata who, uint256 amount) external {
        for (uint256 i = 0; i < who.length; i++) {
            credit[who[i]] += amount;
        }
    }
}

// EnumerableSet comes from a dependency the project does not ship: set insertions in the loop
// are library code run here, not calls to other contracts.
contract Groups {
    using EnumerableSet for EnumerableSet.AddressSet;
    mapping(uint256 => EnumerableSet.AddressSet) internal members;

    function addAll(uint256 group, address[] calldata who) external {
        for (uint256 i = 0; i < who.length; i++) {
            members[group].add(who[i]);
        }
    }
}

// IERC20Metadata is not shipped with the project; decimals() is the standard's view function,
// a STATICCALL that cannot change anything.
contract DecimalsCache {
    mapping(address => uint8) public decimalsOf;

    function cache(address[] calldata tokens) external {
        for (uint256 i = 0; i < tokens.length; i++) {
            decimalsOf[tokens[i]] = IERC20Metadata(tokens[i]).decimals();
        }
    }
}
