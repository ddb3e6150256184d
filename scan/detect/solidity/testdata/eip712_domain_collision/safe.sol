pragma solidity ^0.8.0;

contract Mailbox {
    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    string private constant PERSON_TYPE = "Person(string name,address wallet)";
    string private constant MAIL_TYPE = "Mail(Person from,Person to,string contents)";
    // The parts are joined where they are hashed: Mail, then Person.
    bytes32 private constant MAIL_TYPEHASH = keccak256(abi.encodePacked(MAIL_TYPE, PERSON_TYPE));
    bytes32 private constant TRANSFER_EVENT = keccak256("Transfer(address,address,uint256)");
    bytes32 public immutable DOMAIN_SEPARATOR;

    constructor() {
        DOMAIN_SEPARATOR = keccak256(
            abi.encode(DOMAIN_TYPEHASH, keccak256("Mailbox"), keccak256("1"), block.chainid, address(this))
        );
    }

    // A domain written in pieces, as some protocols do to keep lines short.
    function domainTypeHash() public pure returns (bytes32) {
        return keccak256(
            abi.encodePacked(
                "EIP712Domain(",
                "string name,",
                "string version,",
                "uint256 chainId,",
                "address verifyingContract",
                ")"
            )
        );
    }

    // A type completed at run time (a witness) is not judged.
    function witnessTypeHash(string calldata witness) public pure returns (bytes32) {
        return keccak256(abi.encodePacked("PermitWitness(address token,uint256 amount,", witness));
    }

    function saltedDomain() public pure returns (bytes32) {
        return keccak256("EIP712Domain(string name,uint256 chainId,bytes32 salt)");
    }
}
