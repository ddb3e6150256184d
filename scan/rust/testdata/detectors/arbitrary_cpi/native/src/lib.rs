//! Arbitrary CPI (native): an instruction built for a program id taken
//! from an unchecked account and invoked with the caller's privileges.
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint,
    entrypoint::ProgramResult,
    instruction::{AccountMeta, Instruction},
    program::{invoke, invoke_signed},
    program_error::ProgramError,
    pubkey::Pubkey,
};

entrypoint!(process_instruction);

pub mod oracle {
    solana_program::declare_id!("Orac1e1111111111111111111111111111111111111");
}

pub fn process_instruction(program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    match data.split_first() {
        Some((0, rest)) => insecure_refresh(accounts, rest),
        Some((1, rest)) => secure_refresh(accounts, rest),
        Some((2, rest)) => insecure_pay(program_id, accounts, rest),
        _ => Err(ProgramError::InvalidInstructionData),
    }
}

fn insecure_refresh(accounts: &[AccountInfo], payload: &[u8]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let user = next_account_info(iter)?;
    let oracle_program = next_account_info(iter)?;
    let ix = Instruction {
        program_id: *oracle_program.key,
        accounts: vec![AccountMeta::new(*user.key, true)],
        data: payload.to_vec(),
    };
    invoke(&ix, &[user.clone(), oracle_program.clone()]) // want "SOLANA_ARBITRARY_CPI"
}

fn secure_refresh(accounts: &[AccountInfo], payload: &[u8]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let user = next_account_info(iter)?;
    let oracle_program = next_account_info(iter)?;
    if *oracle_program.key != oracle::ID {
        return Err(ProgramError::IncorrectProgramId);
    }
    let ix = Instruction {
        program_id: *oracle_program.key,
        accounts: vec![AccountMeta::new(*user.key, true)],
        data: payload.to_vec(),
    };
    invoke(&ix, &[user.clone(), oracle_program.clone()])
}

fn insecure_pay(program_id: &Pubkey, accounts: &[AccountInfo], payload: &[u8]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let vault = next_account_info(iter)?;
    let target_program = next_account_info(iter)?;
    let (_, bump) = Pubkey::find_program_address(&[b"vault"], program_id);
    let ix = Instruction::new_with_bytes(*target_program.key, payload, vec![AccountMeta::new(*vault.key, true)]);
    invoke_signed(&ix, &[vault.clone(), target_program.clone()], &[&[b"vault", &[bump]]]) // want "SOLANA_ARBITRARY_CPI"
}
