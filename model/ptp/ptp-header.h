/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PTP_HEADER_H
#define PTP_HEADER_H

#include "ptp-message.h"

#include "ns3/header.h"

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief A PtpMessage as an ns-3 Header: the payload of a UDP datagram to port 319 (event
 * messages) or 320 (general messages).
 *
 * Serialize writes PtpMessage::Encode's octets. Deserialize reads messageLength octets (the
 * common header says how many) and decodes them; when they are refused it returns 0 (the
 * caller drops the packet and can read why from GetStatus), like every decoder of this
 * module.
 */
class PtpHeader : public Header
{
  public:
    PtpHeader();
    /** \param message the message carried */
    explicit PtpHeader(const PtpMessage& message);

    /** \return the TypeId */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    void Print(std::ostream& os) const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    /**
     * \param start the buffer
     * \return octets read, or 0 when the message is refused (GetStatus says why)
     */
    uint32_t Deserialize(Buffer::Iterator start) override;

    /** \return the message */
    const PtpMessage& GetMessage() const;
    /** \param message the message to carry */
    void SetMessage(const PtpMessage& message);
    /** \return the status of the last Deserialize (OK before any) */
    PtpDecodeStatus GetStatus() const;

  private:
    PtpMessage m_message;                          //!< the message
    PtpDecodeStatus m_status{PtpDecodeStatus::OK}; //!< last Deserialize result
};

} // namespace ns3

#endif /* PTP_HEADER_H */
