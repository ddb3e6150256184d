use anchor_lang::prelude::*;

#[account]
#[derive(InitSpace, Default, Debug)]
pub struct VaultState {
    pub authority: Pubkey,
    pub total: u64,
    pub fee_bps: u16,
    pub bump: u8,
    pub paused: bool,
    #[max_len(32)]
    pub label: String,
}

#[account(zero_copy)]
#[repr(C)]
pub struct EntryLog {
    pub authority: Pubkey,
    pub head: u64,
    pub entries: [Entry; 16],
}

#[zero_copy]
#[derive(Default)]
pub struct Entry {
    pub slot: u64,
    pub amount: u64,
}

/// Plain Borsh data: no discriminator.
#[derive(AnchorSerialize, AnchorDeserialize, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    pub fee_bps: u16,
}

impl VaultState {
    pub const SEED_PREFIX: &'static [u8] = b"vault";

    pub fn available(&self, reserved: u64) -> Option<u64> {
        self.total.checked_sub(reserved)
    }

    pub fn share(&self, amount: u64, supply: u64) -> u64 {
        if supply == 0 {
            return amount;
        }
        amount * self.total / supply
    }
}
