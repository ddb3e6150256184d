pragma solidity ^0.8.0;

// tx.origin as the caller's identity, one step from the comparison.

library Who {
    function origin() internal view returns (address) {
        return tx.origin;
    }
}

function txOrigin() view returns (address) {
    return tx.origin;
}

contract Hidden {
    address owner;
    mapping(address => bool) admins;

    constructor() {
        owner = msg.sender;
        admins[msg.sender] = true;
    }

    modifier onlyOriginOwner() {
        require(tx.origin == owner); // want "TX_ORIGIN_AUTHENTICATION"
        _;
    }

    function _require(bool ok) internal pure {
        if (!ok) revert();
    }

    function viaLocal(address payable to) external {
        address o = tx.origin;
        require(o == owner); // want "TX_ORIGIN_AUTHENTICATION"
        to.transfer(address(this).balance);
    }

    function viaMapping(address payable to) external {
        require(admins[tx.origin]); // want "TX_ORIGIN_AUTHENTICATION"
        to.transfer(address(this).balance);
    }

    function viaLibrary(address payable to) external {
        require(Who.origin() == owner); // want "TX_ORIGIN_AUTHENTICATION"
        to.transfer(address(this).balance);
    }

    function viaFree(address payable to) external {
        if (txOrigin() != owner) revert(); // want "TX_ORIGIN_AUTHENTICATION"
        to.transfer(address(this).balance);
    }

    function viaHelper(address payable to) external {
        _require(tx.origin == owner); // want "TX_ORIGIN_AUTHENTICATION"
        to.transfer(address(this).balance);
    }

    function viaAssembly(address payable to) external {
        assembly {
            if iszero(eq(origin(), sload(owner.slot))) { // want "TX_ORIGIN_AUTHENTICATION"
                revert(0, 0)
            }
        }
        to.transfer(address(this).balance);
    }

    // The origin read in assembly into a Solidity local, then compared in Solidity.
    function viaAssemblyLocal(address payable to) external {
        address o;
        assembly {
            o := origin()
        }
        require(o == owner); // want "TX_ORIGIN_AUTHENTICATION"
        to.transfer(address(this).balance);
    }

    // The same through an assembly local.
    function viaAssemblyLet(address payable to) external {
        address o;
        assembly {
            let who := origin()
            o := who
        }
        if (o != owner) revert(); // want "TX_ORIGIN_AUTHENTICATION"
        to.transfer(address(this).balance);
    }

    function viaModifier(address payable to) external onlyOriginOwner {
        to.transfer(address(this).balance);
    }
}

// The caller names the origin: either the value is bound elsewhere or the check is void
// (reported at low severity).
contract NamedOrigin {
    function named(address who) external view {
        require(tx.origin == who); // want "TX_ORIGIN_AUTHENTICATION"
    }
}
