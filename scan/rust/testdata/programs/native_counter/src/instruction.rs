use borsh::{BorshDeserialize, BorshSerialize};

/// Instructions of the counter program, Borsh-encoded.
#[derive(BorshSerialize, BorshDeserialize, Debug, PartialEq)]
pub enum CounterInstruction {
    /// Accounts: [signer, writable] payer, [writable] counter, system program, rent sysvar.
    Initialize { bump: u8 },
    Increment { by: u64 },
    Withdraw { lamports: u64 },
    Transfer { amount: u64 },
}
