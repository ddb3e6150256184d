pragma solidity ^0.4.24;

contract Registrar {
    struct Record {
        bytes32 name;
        address owner;
    }
    mapping(bytes32 => Record) public records;
    Record[] public all;

    function register(bytes32 name) public {
        Record memory rec;
        rec.name = name;
        rec.owner = msg.sender;
        all.push(rec);
    }

    function rename(bytes32 name, bytes32 to) public {
        Record storage rec = records[name];
        require(rec.owner == msg.sender);
        rec.name = to;
        uint count;
        count++;
    }

    function pick(uint i) public view returns (address) {
        Record storage rec;
        rec = all[i];
        return rec.owner;
    }
}
