// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// Test USDT for development and tests: 6 decimals like USDT, the whole supply minted to the deployer.
contract TestUSDT is ERC20 {
    constructor(uint256 supply) ERC20("Tether USD (test)", "USDT") {
        _mint(msg.sender, supply);
    }

    function decimals() public pure override returns (uint8) {
        return 6;
    }
}
