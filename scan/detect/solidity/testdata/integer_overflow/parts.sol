pragma solidity ^0.7.6;
pragma abicoder v2;

// A helper computes each part of its result from some members of its parameters: the feed it
// picks from the stored pair, the amount from what the caller passes. The feed it returns is
// no more the caller's choice because an amount was passed beside it.
interface IMarket {
    function accrued() external view returns (uint256);
}

contract Markets {
    struct Key {
        address base;
        address quote;
    }

    struct Order {
        address base;
        address quote;
        uint256 amount;
    }

    mapping(uint256 => Key) public keys;
    mapping(address => mapping(address => IMarket)) public markets;
    uint256 public total;

    function _open(Order memory order) internal view returns (uint256 size, IMarket market) {
        market = markets[order.base][order.quote];
        size = order.amount;
    }

    function grow(uint256 id, uint256 amount) external {
        Key memory key = keys[id];
        (, IMarket market) = _open(Order({base: key.base, quote: key.quote, amount: amount}));
        total += market.accrued();
    }

    // The caller names the pair, and with it the market: it answers what they like.
    function growAny(address base, address quote, uint256 amount) external {
        (, IMarket market) = _open(Order({base: base, quote: quote, amount: amount}));
        total += market.accrued(); // want "INTEGER_OVERFLOW"
    }
}
