//! An escrow written in the style of the Solana Program Library: Pack
//! state with array_ref!, a Processor type, hand-unpacked instructions.
#![deny(missing_docs)]
#![cfg_attr(not(test), forbid(unsafe_code))]

pub mod error;
pub mod instruction;
pub mod processor;
pub mod state;

#[cfg(not(feature = "no-entrypoint"))]
mod entrypoint {
    use solana_program::{account_info::AccountInfo, entrypoint::ProgramResult, pubkey::Pubkey};

    solana_program::entrypoint!(process_instruction);

    fn process_instruction(program_id: &Pubkey, accounts: &[AccountInfo], instruction_data: &[u8]) -> ProgramResult {
        if let Err(error) = crate::processor::Processor::process(program_id, accounts, instruction_data) {
            error.print::<crate::error::EscrowError>();
            return Err(error);
        }
        Ok(())
    }
}

solana_program::declare_id!("Escrow1111111111111111111111111111111111111");
