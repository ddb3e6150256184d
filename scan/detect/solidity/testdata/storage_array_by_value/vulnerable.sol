pragma solidity ^0.8.0;

library Points {
    struct Book {
        uint256[] points;
        uint256 total;
    }

    function award(Book memory b, uint256 i, uint256 n) internal pure {
        b.points[i] += n;
        b.total += n;
    }
}

contract Game {
    using Points for Points.Book;

    uint256[3] public scores;
    uint256[] public queue;
    Points.Book internal book;
    mapping(address => uint256[]) internal history;

    function _bump(uint256[3] memory s, uint256 i) internal pure {
        s[i] += 1;
    }

    function _clear(uint256[] memory list) internal pure {
        for (uint256 i = 0; i < list.length; i++) {
            delete list[i];
        }
    }

    function score(uint256 i) external {
        _bump(scores, i); // want "STORAGE_ARRAY_BY_VALUE"
    }

    function reset() external {
        _clear(queue); // want "STORAGE_ARRAY_BY_VALUE"
        uint256[] storage mine = history[msg.sender];
        _clear(mine); // want "STORAGE_ARRAY_BY_VALUE"
    }

    function win(uint256 i) external {
        book.award(i, 10); // want "STORAGE_ARRAY_BY_VALUE"
    }
}
