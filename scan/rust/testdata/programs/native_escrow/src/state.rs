//! State.
use arrayref::{array_mut_ref, array_ref, array_refs, mut_array_refs};
use solana_program::{
    program_error::ProgramError,
    program_pack::{IsInitialized, Pack, Sealed},
    pubkey::{Pubkey, PUBKEY_BYTES},
};

/// Escrow state.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Escrow {
    /// Set once the escrow is initialized.
    pub is_initialized: bool,
    /// The initializer.
    pub initializer_pubkey: Pubkey,
    /// The temporary token account.
    pub temp_token_account_pubkey: Pubkey,
    /// Where the initializer receives tokens.
    pub initializer_token_to_receive_account_pubkey: Pubkey,
    /// The amount expected.
    pub expected_amount: u64,
}

impl Sealed for Escrow {}

impl IsInitialized for Escrow {
    fn is_initialized(&self) -> bool {
        self.is_initialized
    }
}

impl Pack for Escrow {
    const LEN: usize = 1 + 3 * PUBKEY_BYTES + 8;

    fn unpack_from_slice(src: &[u8]) -> Result<Self, ProgramError> {
        let src = array_ref![src, 0, Escrow::LEN];
        let (is_initialized, initializer_pubkey, temp_token_account_pubkey, receive, expected_amount) =
            array_refs![src, 1, 32, 32, 32, 8];
        let is_initialized = match is_initialized {
            [0] => false,
            [1] => true,
            _ => return Err(ProgramError::InvalidAccountData),
        };
        Ok(Escrow {
            is_initialized,
            initializer_pubkey: Pubkey::new_from_array(*initializer_pubkey),
            temp_token_account_pubkey: Pubkey::new_from_array(*temp_token_account_pubkey),
            initializer_token_to_receive_account_pubkey: Pubkey::new_from_array(*receive),
            expected_amount: u64::from_le_bytes(*expected_amount),
        })
    }

    fn pack_into_slice(&self, dst: &mut [u8]) {
        let dst = array_mut_ref![dst, 0, Escrow::LEN];
        let (is_initialized_dst, initializer_pubkey_dst, temp_dst, receive_dst, expected_amount_dst) =
            mut_array_refs![dst, 1, 32, 32, 32, 8];
        let Escrow {
            is_initialized,
            initializer_pubkey,
            temp_token_account_pubkey,
            initializer_token_to_receive_account_pubkey,
            expected_amount,
        } = self;
        is_initialized_dst[0] = *is_initialized as u8;
        initializer_pubkey_dst.copy_from_slice(initializer_pubkey.as_ref());
        temp_dst.copy_from_slice(temp_token_account_pubkey.as_ref());
        receive_dst.copy_from_slice(initializer_token_to_receive_account_pubkey.as_ref());
        *expected_amount_dst = expected_amount.to_le_bytes();
    }
}
