//! PaymentService: commission payments and DR payment history.

use std::sync::Arc;

use eris_platform::{
    money,
    values::{decimal_text, parse_date},
};
use eris_proto::contracts::v1::{
    CreateDrPaymentRequest, CreateDrPaymentResponse, CreatePaymentsRequest, CreatePaymentsResponse,
    DeleteDrPaymentRequest, DeleteDrPaymentResponse, DeletePaymentRequest, DeletePaymentResponse,
    ListDrPaymentsRequest, ListDrPaymentsResponse, ListPaymentsRequest, ListPaymentsResponse, PastePaymentsRequest,
    PastePaymentsResponse, PasteProblem, Payment, PaymentTotals, UpdatePaymentRequest, UpdatePaymentResponse,
    UpdateProjectedPaymentsRequest, UpdateProjectedPaymentsResponse, payment_service_server::PaymentService,
};
use tonic::{Request, Response, Status};

use super::screen_caller;
use crate::{
    State,
    domain::{
        payment_fields::payment_values,
        payments::{ProjectionUpdate, Totals},
    },
    error::{Result, invalid},
    proto::{dr_payment_to_proto, payment_to_proto, payment_values_to_proto, typed_payment},
};

pub(crate) struct PaymentApi(pub(crate) Arc<State>);

fn totals_to_proto(totals: Totals) -> PaymentTotals {
    PaymentTotals {
        annual_volume: decimal_text(Some(totals.annual_volume)),
        annual_revenue: money::text(totals.annual_revenue),
        term_volume: decimal_text(Some(totals.term_volume)),
        term_revenue: money::text(totals.term_revenue),
    }
}

#[tonic::async_trait]
impl PaymentService for PaymentApi {
    async fn list_payments(
        &self,
        request: Request<ListPaymentsRequest>,
    ) -> Result<Response<ListPaymentsResponse>, Status> {
        let caller = screen_caller(&self.0, &request)?;
        let (payments, projected, actual) = self.0.list_payments(caller, request.get_ref().contract_id).await?;
        Ok(Response::new(ListPaymentsResponse {
            payments: payments.into_iter().map(payment_to_proto).collect(),
            projected: Some(totals_to_proto(projected)),
            actual: Some(totals_to_proto(actual)),
        }))
    }

    async fn create_payments(
        &self,
        request: Request<CreatePaymentsRequest>,
    ) -> Result<Response<CreatePaymentsResponse>, Status> {
        let caller = screen_caller(&self.0, &request)?;
        let message = request.get_ref();
        let values = message
            .payments
            .iter()
            .enumerate()
            .map(|(i, p)| payment_values(&typed_payment(p)?).map_err(|e| invalid(format!("Payment {}: {e}", i + 1))))
            .collect::<Result<Vec<_>>>()?;
        let added = self.0.create_payments(caller, message.contract_id, values).await?;
        Ok(Response::new(CreatePaymentsResponse { payments: added.into_iter().map(payment_to_proto).collect() }))
    }

    async fn paste_payments(
        &self,
        request: Request<PastePaymentsRequest>,
    ) -> Result<Response<PastePaymentsResponse>, Status> {
        let caller = screen_caller(&self.0, &request)?;
        let message = request.get_ref();
        if message.validate_only {
            let paste = self.0.preview_paste(caller, message.contract_id, &message.text).await?;
            let lines = paste.rows.iter().map(|row| row.line as i32).collect();
            let payments = paste
                .rows
                .into_iter()
                .map(|row| Payment { contract_id: message.contract_id, ..payment_values_to_proto(row.values) })
                .collect();
            let problems = paste
                .problems
                .into_iter()
                .map(|problem| PasteProblem { line: problem.line as i32, message: problem.message })
                .collect();
            return Ok(Response::new(PastePaymentsResponse { payments, lines, problems }));
        }
        let added = self.0.paste_payments(caller, message.contract_id, &message.text).await?;
        Ok(Response::new(PastePaymentsResponse {
            payments: added.into_iter().map(payment_to_proto).collect(),
            ..Default::default()
        }))
    }

    async fn update_payment(
        &self,
        request: Request<UpdatePaymentRequest>,
    ) -> Result<Response<UpdatePaymentResponse>, Status> {
        let caller = screen_caller(&self.0, &request)?;
        let payment = request.get_ref().payment.as_ref().ok_or_else(|| invalid("payment is required."))?;
        let values = payment_values(&typed_payment(payment)?)?;
        let row = self.0.update_payment(caller, payment.payment_id, payment.version, &values).await?;
        Ok(Response::new(UpdatePaymentResponse { payment: Some(payment_to_proto(row)) }))
    }

    async fn delete_payment(
        &self,
        request: Request<DeletePaymentRequest>,
    ) -> Result<Response<DeletePaymentResponse>, Status> {
        let caller = screen_caller(&self.0, &request)?;
        self.0.delete_payment(caller, request.get_ref().payment_id).await?;
        Ok(Response::new(DeletePaymentResponse {}))
    }

    async fn update_projected_payments(
        &self,
        request: Request<UpdateProjectedPaymentsRequest>,
    ) -> Result<Response<UpdateProjectedPaymentsResponse>, Status> {
        let caller = screen_caller(&self.0, &request)?;
        let message = request.get_ref();
        let updates = message
            .updates
            .iter()
            .map(|u| {
                Ok(ProjectionUpdate {
                    payment_id: u.payment_id,
                    version: u.version,
                    expected: money::parse("Projected Payment", &u.projected_payment)?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let payments = self.0.update_projected_payments(caller, message.contract_id, &updates).await?;
        Ok(Response::new(UpdateProjectedPaymentsResponse {
            payments: payments.into_iter().map(payment_to_proto).collect(),
        }))
    }

    async fn list_dr_payments(
        &self,
        request: Request<ListDrPaymentsRequest>,
    ) -> Result<Response<ListDrPaymentsResponse>, Status> {
        let caller = screen_caller(&self.0, &request)?;
        let rows = self.0.list_dr_payments(caller, request.get_ref().contract_id).await?;
        Ok(Response::new(ListDrPaymentsResponse { dr_payments: rows.into_iter().map(dr_payment_to_proto).collect() }))
    }

    async fn create_dr_payment(
        &self,
        request: Request<CreateDrPaymentRequest>,
    ) -> Result<Response<CreateDrPaymentResponse>, Status> {
        let caller = screen_caller(&self.0, &request)?;
        let payment = request.get_ref().dr_payment.as_ref().ok_or_else(|| invalid("dr_payment is required."))?;
        let paid_on = parse_date("Date", payment.date.as_ref())?;
        let row =
            self.0.create_dr_payment(caller, payment.contract_id, &payment.amount, paid_on, &payment.period).await?;
        Ok(Response::new(CreateDrPaymentResponse { dr_payment: Some(dr_payment_to_proto(row)) }))
    }

    async fn delete_dr_payment(
        &self,
        request: Request<DeleteDrPaymentRequest>,
    ) -> Result<Response<DeleteDrPaymentResponse>, Status> {
        let caller = screen_caller(&self.0, &request)?;
        self.0.delete_dr_payment(caller, request.get_ref().dr_payment_id).await?;
        Ok(Response::new(DeleteDrPaymentResponse {}))
    }
}
